import { useMutation } from '@tanstack/react-query';
import { openPrintable } from '../../../lib/api-files.ts';

/** Opens a return receipt as its printable page in a new tab. */
export function openReturnReceipt(input: { orderId: number; number: number }): Promise<void> {
  return openPrintable(`/v1/receipt/${input.orderId}/return/${input.number}?format=html`);
}

export function useOpenReturnReceipt() {
  return useMutation({ mutationFn: openReturnReceipt });
}

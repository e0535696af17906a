import { ZOk } from '@club/shared/api';
import { z } from '@club/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { openPrintable } from '../../../lib/api-files.ts';

/** Opens an order's receipt as its printable page in a new tab. */
export function openReceipt(orderId: number): Promise<void> {
  return openPrintable(`/v1/receipt/${orderId}?format=html`);
}

/** Sends the receipt to the player's own e-mail address (`POST /v1/receipt/{id}/email`). */
export function emailReceipt(orderId: number): Promise<{ email: string }> {
  return api.post(`/v1/receipt/${orderId}/email`, { schema: ZOk.extend({ email: z.string() }) });
}

export function useOpenReceipt() {
  return useMutation({ mutationFn: openReceipt });
}
export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt });
}

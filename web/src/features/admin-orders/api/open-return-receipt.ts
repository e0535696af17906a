import { useMutation } from '@tanstack/react-query';
import { getToken } from '../../../lib/session.ts';

/**
 * Opens a return receipt as its printable page in a new tab (the API wants the bearer
 * header, so a plain link cannot). The tab opens while the click still counts as the user's.
 */
export async function openReturnReceipt(input: { orderId: number; number: number }): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const token = getToken();
    const response = await fetch(`/v1/receipt/${input.orderId}/return/${input.number}?format=html`, {
      headers: { accept: 'text/html', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useOpenReturnReceipt() {
  return useMutation({ mutationFn: openReturnReceipt });
}

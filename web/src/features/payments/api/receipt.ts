import { ZOk } from '@club/shared/api';
import { z } from '@club/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getToken } from '../../../lib/session.ts';

/**
 * Opens an order's receipt as its printable page in a new tab (the API wants the bearer
 * header, so a plain link cannot). The tab opens while the tap still counts as the player's.
 */
export async function openReceipt(orderId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const token = getToken();
    const response = await fetch(`/v1/receipt/${orderId}?format=html`, {
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

import { KIOSK_WEBHOOK_EVENTS, kioskWebhookUrl, type VippsClient } from './client.ts';

/**
 * Registers the club's webhook with Vipps, once per club (not at every start: Vipps shows the
 * secret only in this answer, and allows 25 registrations per event). A registration already
 * there for the same URL is left alone unless `replace`, since its secret may be the one in
 * use; with `replace` the old ones are deleted after the new one is made.
 */
export async function registerClubWebhook(
  client: VippsClient,
  publicUrl: string,
  replace: boolean,
): Promise<
  | { done: true; url: string; id: string; secret: string; removed: string[] }
  | { done: false; url: string; existing: string[] }
> {
  const url = kioskWebhookUrl(publicUrl);
  const existing = (await client.listWebhooks()).filter((w) => w.url === url).map((w) => w.id);
  if (existing.length > 0 && !replace) return { done: false, url, existing };
  const { id, secret } = await client.registerWebhook(url, KIOSK_WEBHOOK_EVENTS);
  for (const old of existing) await client.deleteWebhook(old);
  return { done: true, url, id, secret, removed: existing };
}

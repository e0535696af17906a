/**
 * How a player of the club evening pays by Vipps and by card: the app starts the payment, the
 * payer approves on the provider simulator's page as a phone or a browser would, and the
 * player waits until the order is paid (the webhook usually settles it; the status call asks
 * the provider when it is late).
 */
import type { TPaymentStatus } from '@club/shared/orders';
import { type Api, Unreachable } from './api.ts';

const SETTLE_WITHIN_MS = 30_000;

export function createPayers(api: Api, url: string) {
  const sim = (path: string, init?: RequestInit) =>
    fetch(`${url}${path}`, init).catch((error: unknown) => {
      throw new Unreachable(path, error);
    });

  const settledBy = async (token: string, orderId: number, provider: string) => {
    const until = Date.now() + SETTLE_WITHIN_MS;
    for (;;) {
      const { status } = await api.get<{ status: TPaymentStatus }>(`/v1/payment/status/${orderId}`, token);
      if (status.order_status === 'paid') return;
      if (Date.now() > until) throw new Error(`order ${orderId} not paid by ${provider}: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    async vipps(token: string, orderId: number) {
      const started = await api.post<{ redirect_url: string | null }>(
        '/v1/payment/vipps/init',
        { order_id: orderId, phone: '912 34 567' },
        token,
      );
      const reference = new URL(started.redirect_url!).searchParams.get('token')!;
      // the payer approves on the simulator's page, as a phone would (the form posts here)
      const res = await sim('/vipps-sim/landing/approve', {
        method: 'POST',
        body: new URLSearchParams({ token: reference }),
        redirect: 'manual',
      });
      if (res.status !== 303) throw new Error(`vipps approve ${reference}: ${res.status}`);
      await settledBy(token, orderId, 'Vipps');
    },

    async card(token: string, orderId: number) {
      const started = await api.post<{ redirect_url: string }>('/v1/payment/card/init', { order_id: orderId }, token);
      // the payer presses "pay" on the simulator's hosted page, as a browser would
      const page = new URL(started.redirect_url);
      const html = await (await sim(page.pathname)).text();
      const form = /<form method="post" action="([^"]+)"><button class="pay"/.exec(html)?.[1];
      if (!form) throw new Error(`card page ${page.pathname} has no pay button`);
      const res = await sim(new URL(form, page).pathname, { method: 'POST', redirect: 'manual' });
      if (res.status !== 303) throw new Error(`card pay ${page.pathname}: ${res.status}`);
      await settledBy(token, orderId, 'card');
    },
  };
}

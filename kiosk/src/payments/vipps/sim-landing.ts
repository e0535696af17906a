import { formatMoney } from '@club/shared/money';
import type { Hono } from 'hono';
import type { SimLedger } from './sim-ledger.ts';

/** The page standing in for the Vipps app, where the payer approves or rejects. */
export function simLandingRoutes(app: Hono, ledger: SimLedger): void {
  const { payments, expire } = ledger;
  app.get('/landing', (c) => {
    const p = payments.get(c.req.query('token') ?? '');
    if (!p) return c.html(page('Vipps', '<p>Ukjent betaling.</p>'), 404);
    expire(p);
    const open = p.state === 'CREATED';
    const ref = escapeHtml(p.reference);
    return c.html(
      page(
        'Vipps (simulator)',
        `<p class="muted">Simulert Vipps-app for testing</p>
<h1>${escapeHtml(formatMoney(p.amount))}</h1><p>${escapeHtml(p.description)}</p>
${
  open
    ? `<form method="post" action="landing/approve"><input type="hidden" name="token" value="${ref}"><button class="yes">Godkjenn betaling</button></form>
<form method="post" action="landing/reject"><input type="hidden" name="token" value="${ref}"><button class="no">Avvis</button></form>`
    : `<p>Status: <strong>${escapeHtml(p.state)}</strong></p>`
}
${p.returnUrl ? `<p><a href="${escapeHtml(p.returnUrl)}">Tilbake til butikken</a></p>` : ''}`,
      ),
    );
  });

  for (const action of ['approve', 'reject'] as const) {
    app.post(`/landing/${action}`, async (c) => {
      const form = await c.req.parseBody();
      const reference = String(form.token ?? '');
      const p = payments.get(reference);
      if (!p) return c.html(page('Vipps', '<p>Ukjent betaling.</p>'), 404);
      await (action === 'approve' ? ledger.approve(reference) : ledger.reject(reference));
      return p.returnUrl
        ? c.redirect(p.returnUrl, 303)
        : c.redirect(`../landing?token=${encodeURIComponent(reference)}`, 303);
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#ff5b24;color:#fff;margin:0;padding:2rem;text-align:center}main{max-width:24rem;margin:auto;background:#fff;color:#222;border-radius:1rem;padding:1.5rem}
h1{font-size:2.5rem;margin:.5rem 0}button{display:block;width:100%;font-size:1.1rem;padding:.9rem;margin:.5rem 0;border:0;border-radius:.6rem;cursor:pointer}
.yes{background:#2a9d3a;color:#fff}.no{background:#eee;color:#222}.muted{color:#777;font-size:.85rem}a{color:#ff5b24}</style></head>
<body><main>${body}</main></body></html>`;
}

import { formatMoney } from '@club/shared/money';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The simulator's stand-in for Stripe's hosted Checkout page: the amount, the lines, pay / fail / cancel. */
export function checkoutPage(session: {
  id: string;
  status: string;
  amountTotal: number;
  lines: { name: string; quantity: number; unitAmount: number }[];
  notice?: string;
}): string {
  const lines = session.lines
    .map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity} <span>${formatMoney(l.unitAmount * l.quantity)}</span></li>`)
    .join('');
  const id = encodeURIComponent(session.id);
  const actions =
    session.status === 'open'
      ? `<form method="post" action="${id}/pay"><button class="pay" data-action="pay">Betal ${formatMoney(session.amountTotal)} · Pay</button></form>
<form method="post" action="${id}/fail"><button class="fail" data-action="fail">Kortet avvises · Card declined</button></form>
<form method="post" action="${id}/cancel"><button class="cancel" data-action="cancel">Avbryt · Cancel</button></form>`
      : `<p class="closed">Økten er ${escapeHtml(session.status)} · Session is ${escapeHtml(session.status)}</p>`;
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Kortbetaling (simulator)</title>
<style>body{font-family:system-ui;max-width:26rem;margin:2rem auto;padding:0 1rem;background:#f6f9fc;color:#1a1f36}
ul{padding:0;list-style:none}li{display:flex;justify-content:space-between;padding:.3rem 0}
.amount{font-size:2rem;font-weight:700}button{width:100%;padding:.8rem;margin:.3rem 0;border:0;border-radius:6px;font-size:1rem}
.pay{background:#635bff;color:#fff}.fail{background:#fde2e1}.cancel{background:#e3e8ee}.notice{color:#b42318}</style></head>
<body><p>Stripe Checkout (simulator)</p><p class="amount" data-amount="${session.amountTotal}">${formatMoney(session.amountTotal)}</p>
<ul>${lines}</ul>${session.notice ? `<p class="notice" role="alert">${escapeHtml(session.notice)}</p>` : ''}${actions}</body></html>`;
}

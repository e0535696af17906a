import { readFileSync } from 'node:fs';
import { brokenSignatures, parseSaft, registersOf, saftTotals, schemaErrors } from '../../kiosk/tests/saft-file.ts';
import { expect, test } from './support/fixtures.ts';
import { newPlayer, newTable, playAndLeave } from './support/players.ts';
import { nb } from './support/shots.ts';

/**
 * The admin downloads the SAF-T Cash Register file from the Kasse page: it is named as the
 * rules say, valid against the official schema, its signatures verify with the public key
 * the same page offers, and it holds the cash sale just made.
 */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('the admin downloads the SAF-T file: valid, signed unbroken, with the sale', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Siri');
  const table = await newTable(api, tokens.admin, { price_per_minute: 250 });
  const orderId = await playAndLeave(api, player, table.id, 6);
  const paid = await api.post('/v1/payment/cash', {
    headers: bearer(tokens.admin),
    data: { order_id: orderId, received: 100_000 },
  });
  expect(paid.ok(), 'cash payment').toBe(true);

  await loginAs(page, 'admin');
  await page.goto('/admin/cash');
  const form = page.getByRole('form', { name: nb('till.saft_download') });
  // the whole journal, so the chain starts at its first signature
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel(nb('till.saft_to')).fill(tomorrow);
  await form.getByLabel(nb('till.saft_from')).fill('2020-01-01');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: nb('till.saft_download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^SAF-T Cash Register_\d{9}_\d{14}\.xml$/);
  const xml = readFileSync(await download.path(), 'utf8');
  expect(await schemaErrors(xml)).toEqual([]);

  const key = (await (await api.get('/v1/cash/public-key', { headers: bearer(tokens.admin) })).json()) as {
    public_key: string;
  };
  const file = parseSaft(xml);
  expect(brokenSignatures(file, key.public_key)).toEqual([]);
  expect(saftTotals(file).mismatches).toEqual([]);
  const sale = registersOf(file)
    .flatMap((r) => r.cashtransaction)
    .find((t) => t.desc === `Ordre ${orderId}`);
  expect(sale?.payment.map((p) => p.paymentType)).toEqual(['cash']);
});

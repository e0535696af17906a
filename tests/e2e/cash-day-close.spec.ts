import type { TCashReport } from '@club/shared/cash';
import { expect, test } from './support/fixtures.ts';
import { newPlayer, newTable, playAndLeave } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { kr, nb, shoot } from './support/shots.ts';

/**
 * The day at the counter: the admin opens Kasse from the console, enters the opening float,
 * sees the X report with a cash sale, counts the cash against what should be there, opens
 * the drawer without a sale and closes the day with Z report number 1.
 */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('the admin counts the cash and closes the day with Z report 1', async ({ page, api, tokens, loginAs }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin');
  await page
    .getByRole('link', { name: nb('admin.cash.title') })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/cash$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('till.title') })).toBeVisible();
  await expect(page.getByTestId('x-net-sales')).toBeVisible();

  // the opening float: 1 500 kr
  const float = page.getByRole('form', { name: nb('till.float_title') });
  await float.getByLabel(nb('till.float_label')).fill('1500');
  await float.getByRole('button', { name: nb('till.float_save') }).click();
  await expect(page.getByText(nb('till.float_saved'))).toBeVisible();
  await expect(page.getByTestId('drawer-expected')).toHaveText(kr(150_000));

  // a player pays 30 kr in cash at the counter
  const player = await newPlayer(api, tokens.admin, 'Kari');
  const table = await newTable(api, tokens.admin, { price_per_minute: 300 });
  const orderId = await playAndLeave(api, player, table.id, 10);
  const paid = await api.post('/v1/payment/cash', {
    headers: bearer(tokens.admin),
    data: { order_id: orderId, received: 5_000 },
  });
  expect(paid.ok(), 'cash payment').toBe(true);

  // the X report, run again, counts it
  const before = (await (await api.get('/v1/cash/x-report', { headers: bearer(tokens.admin) })).json()) as {
    report: TCashReport;
  };
  await page.getByRole('button', { name: nb('till.refresh') }).click();
  await expect(page.getByTestId('x-net-sales')).toHaveText(kr(before.report.net_sales));
  const expected = before.report.drawer.expected;
  expect(expected).toBe(150_000 + before.report.drawer.cash_sales);
  await expect(page.getByTestId('drawer-expected')).toHaveText(kr(expected));

  // the drawer opened without a sale
  await page.getByRole('button', { name: nb('till.drawer_open') }).click();
  await expect(page.getByText(nb('till.drawer_opened'))).toBeVisible();
  await expect(page.getByTestId('x-drawer-openings')).toHaveText('1');

  // the count: 5 kr short
  const count = page.getByRole('form', { name: nb('till.count_title') });
  await count.getByLabel(nb('till.count_label')).fill(((expected - 500) / 100).toFixed(2).replace('.', ','));
  await count.getByRole('button', { name: nb('till.count_save') }).click();
  await expect(page.getByTestId('count-result')).toHaveText(
    nb('till.count_result', { counted: kr(expected - 500), expected: kr(expected), difference: kr(-500) }),
  );
  await expect(page.getByRole('heading', { name: nb('till.history_title') })).toBeVisible();
  await expect(page.getByText(nb('till.history_empty'))).toBeVisible();
  await shoot(page, 'cash-day');

  // the day close asks first; Escape keeps the day open
  await page.getByRole('button', { name: nb('till.close_button') }).click();
  const dialog = page.getByRole('dialog', { name: nb('till.close_confirm_title') });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: nb('till.close_button') }).click();
  await dialog.getByRole('button', { name: nb('till.close_confirm') }).click();
  await expect(page.getByTestId('z-made')).toContainText(nb('till.closed', { number: 1 }));
  const list = page.getByRole('list', { name: nb('till.history_title') });
  await expect(list.getByText(nb('till.z_number', { number: 1 }))).toBeVisible();
  await shoot(page, 'cash-day-closed');

  // the Z report holds the count and its difference; a new day starts at nothing
  const z = (await (await api.get('/v1/cash/z-report/1', { headers: bearer(tokens.admin) })).json()) as {
    report: TCashReport;
  };
  expect(z.report.drawer.count).toMatchObject({ counted: expected - 500, expected, difference: -500 });
  expect(z.report.drawer_openings).toBe(1);
  await page.getByRole('button', { name: nb('till.refresh') }).click();
  await expect(page.getByTestId('x-net-sales')).toHaveText(kr(0));

  // the narrowest phone: nothing sticks out sideways
  await page.setViewportSize({ width: 320, height: 700 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });

  // a reprint opens the printed Z report in a new tab
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    list.getByRole('button', { name: `${nb('till.reprint')}: ${nb('till.z_number', { number: 1 })}` }).click(),
  ]);
  await expect(tab.getByRole('heading', { name: 'Z-rapport 1' })).toBeVisible();
  await expect(tab.getByText('Kasseoppgjør')).toBeVisible();
  await tab.close();
});

test('a player opens the receipt of a paid order and has it e-mailed', async ({ page, api, tokens }) => {
  const player = await newPlayer(api, tokens.admin, 'Ola');
  const table = await newTable(api, tokens.admin, { price_per_minute: 200 });
  const orderId = await playAndLeave(api, player, table.id, 5);
  const paid = await api.post('/v1/payment/cash', {
    headers: bearer(tokens.admin),
    data: { order_id: orderId, received: 100_000 },
  });
  expect(paid.ok(), 'cash payment').toBe(true);
  const { payment } = (await paid.json()) as { payment: { total: number } };
  await page.context().addCookies(sessionCookies(player.token));
  await page.goto(`/payment/result/${orderId}`);
  const reference = `K-${String(orderId).padStart(6, '0')}`;
  const open = page.getByRole('button', { name: nb('receipt_share.open_named', { reference }) });
  await expect(open).toBeVisible();
  await shoot(page, 'cash-player-receipt');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await expect(tab.getByRole('heading', { name: 'Salgskvittering' })).toBeVisible();
  await expect(tab.locator('tr.total')).toContainText((payment.total / 100).toFixed(2).replace('.', ','));
  await tab.close();
  await page.getByRole('button', { name: nb('receipt_share.email') }).click();
  await expect(page.getByText(nb('receipt_share.emailed', { email: player.email }))).toBeVisible();
});

import type { Page } from '@playwright/test';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { mailsTo } from './support/mail.ts';
import { moveClock, newPlayer, newTable } from './support/players.ts';
import { kr, nb, shoot } from './support/shots.ts';

const PIN = '2468';

/** The narrowest phone: nothing wider than the screen, so nothing scrolls sideways. */
async function fitsIn320(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (size) await page.setViewportSize(size);
}

/**
 * The counter tablet: staff sign in with their PIN, sell kiosk items over the counter, take
 * cash and see the change to give and the receipt naming them; then start a walk-in table.
 */
test('staff sign in with a PIN, sell over the counter for cash, see the change and the receipt, and start a walk-in table', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const admin = { authorization: `Bearer ${tokens.admin}` };
  expect((await api.post('/v1/cash/operator/pin', { headers: admin, data: { pin: PIN } })).ok()).toBe(true);
  const me = (await (await api.get('/v1/user/profile', { headers: admin })).json()) as {
    user: { name: string; surname: string };
  };
  const myName = `${me.user.name} ${me.user.surname}`.trim();
  const product = `Kakao ${Math.random().toString(36).slice(2, 6)}`;
  const made = await api.post('/v1/product/create', {
    headers: admin,
    data: { name: product, price: 3500, count: 20 },
  });
  expect(made.ok()).toBe(true);
  const table = await newTable(api, tokens.admin);
  // a previous run's operator on this device would skip the PIN pad
  await api.post('/v1/cash/operator/logout', { headers: admin });

  await loginAs(page, 'admin');
  await page.goto('/admin/counter');
  await expect(page.getByRole('heading', { level: 1, name: nb('counter.title') })).toBeVisible();
  await fitsIn320(page);
  await page.getByRole('button', { name: myName, exact: true }).click();
  // half on the pad, half on the keyboard into the PIN field, then Enter
  await page.getByRole('button', { name: nb('counter.pin.digit', { digit: 2 }) }).click();
  await page.getByRole('button', { name: nb('counter.pin.digit', { digit: 4 }) }).click();
  const pinField = page.getByLabel(nb('counter.pin.field'), { exact: true });
  await pinField.focus();
  // focus() leaves the caret where the browser puts it (newer Chromium: before the pad's digits);
  // someone typing on after the pad types at the end
  await pinField.press('End');
  await page.keyboard.type('68');
  await expect(page.getByText(nb('counter.pin.entered', { count: 4 }))).toBeVisible();
  await shoot(page, 'counter-pin');
  await page.keyboard.press('Enter');
  await expect(page.getByText(nb('counter.signed_in_as', { name: myName, cash_point: 'Kasse 1' }))).toBeVisible();

  await page.getByRole('button', { name: nb('counter.tabs.sell') }).click();
  const add = page.getByRole('button', { name: nb('counter.sell.add', { name: product }) });
  await add.click();
  await add.click();
  await expect(page.getByText(`2 × ${product}`)).toBeVisible();
  await fitsIn320(page);
  await shoot(page, 'counter-sell');
  await page.getByRole('button', { name: nb('counter.sell.checkout') }).click();

  await expect(page.getByRole('heading', { name: new RegExp(nb('counter.pay.title')) })).toBeVisible();
  await page.getByLabel(nb('counter.pay.received')).fill('100');
  await expect(page.getByText(kr(3000), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: nb('counter.pay.confirm') }).click();
  await expect(page.getByText(nb('counter.pay.paid'), { exact: true })).toBeVisible();
  await expect(page.getByText(nb('counter.pay.give_change', { amount: kr(3000) }))).toBeVisible();
  await shoot(page, 'counter-paid');

  await page.getByRole('button', { name: nb('counter.pay.receipt') }).click();
  const receipt = page.frameLocator('iframe.counter-receipt__frame');
  await expect(receipt.getByRole('heading', { name: nb('cash.sales_receipt') })).toBeVisible();
  await expect(receipt.getByText(`${nb('cash.operator')}: ${myName}`)).toBeVisible();
  await expect(receipt.getByText(product)).toBeVisible();
  await expect(page.getByRole('button', { name: nb('counter.pay.print'), exact: true })).toBeVisible();
  await shoot(page, 'counter-receipt');
  await page.getByRole('button', { name: nb('counter.pay.close'), exact: true }).click();
  // opened again it is a copy to look at, none made; printing it makes one, journaled
  const copies = async () =>
    (
      (await (await api.get('/v1/cash/x-report', { headers: admin })).json()) as {
        report: { copies: { count: number } };
      }
    ).report.copies.count;
  const before = await copies();
  await page.getByRole('button', { name: nb('counter.pay.receipt') }).click();
  await expect(page.getByText(nb('counter.pay.copy_hint'))).toBeVisible();
  await expect(receipt.getByText(nb('cash.copy'), { exact: true })).toBeVisible();
  expect(await copies()).toBe(before);
  await shoot(page, 'counter-receipt-copy');
  await page.getByRole('button', { name: nb('counter.pay.print_copy') }).click();
  await expect.poll(copies).toBe(before + 1);
  await page.getByRole('button', { name: nb('counter.pay.close'), exact: true }).click();
  await page.getByRole('button', { name: nb('counter.pay.next') }).click();

  await page.getByRole('button', { name: nb('counter.tabs.walk_in') }).click();
  await page.getByLabel(nb('counter.walk_in.name')).fill('Gjest Uten Konto');
  await page.getByLabel(nb('counter.walk_in.table')).selectOption({
    label: nb('counter.walk_in.table_option', { name: table.name, status: nb('counter.walk_in.free') }),
  });
  await page.getByRole('button', { name: nb('counter.walk_in.start') }).click();
  await expect(
    page.getByRole('button', { name: nb('counter.walk_in.stop_named', { name: 'Gjest Uten Konto' }) }),
  ).toBeVisible();
  await shoot(page, 'counter-walk-in');
  // three minutes of play, within the operator's idle time
  await moveClock(api, { advance_ms: 3 * 60_000 });

  await page.getByRole('button', { name: nb('counter.walk_in.stop_named', { name: 'Gjest Uten Konto' }) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: nb('counter.walk_in.stop') })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(nb('counter.pay.title')) })).toBeVisible();
  await page.getByRole('button', { name: nb('counter.pay.card') }).click();
  await page.getByRole('button', { name: nb('counter.pay.confirm') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: nb('counter.pay.confirm') })
    .click();
  await expect(page.getByText(nb('counter.pay.paid'), { exact: true })).toBeVisible();

  await page.getByRole('button', { name: nb('counter.sign_out') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: nb('counter.sign_out') })
    .click();
  await expect(page.getByRole('heading', { name: nb('counter.pin.title') })).toBeVisible();
});

/**
 * An admin sets a colleague's counter PIN: without their own password nothing changes and the
 * field says why, in words; with it the PIN is set and the colleague is told in the app and by
 * e-mail. The receipt dialog then prints the original once and a counted copy after that.
 */
test('a colleague’s PIN needs the admin’s own password, and the colleague is told', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const admin = { authorization: `Bearer ${tokens.admin}` };
  const siv = await newPlayer(api, tokens.admin, 'Siv');
  const user = (
    (await (await api.get(`/v1/user/${siv.id}`, { headers: admin })).json()) as {
      user: { name: string; surname: string; email: string; phone: string; role_id: number };
    }
  ).user;
  const promoted = await api.post('/v1/user/update', {
    headers: admin,
    data: { id: siv.id, ...user, role: user.role_id, is_admin: true },
  });
  expect(promoted.ok(), 'make Siv staff').toBe(true);

  await loginAs(page, 'admin');
  await page.goto('/admin/counter');
  const form = page.locator('form', { has: page.getByRole('heading', { name: nb('counter.staff_pin.title') }) });
  await form.getByLabel(nb('counter.staff_pin.who'), { exact: true }).selectOption({ label: siv.name });
  await form.getByLabel(nb('counter.staff_pin.label'), { exact: true }).fill('5791');
  await form.getByRole('button', { name: nb('counter.staff_pin.save') }).click();
  await expect(form.getByText(nb('validation.required', { field: nb('counter.staff_pin.password') }))).toBeVisible();
  await form.getByLabel(nb('counter.staff_pin.password'), { exact: true }).fill('ikke-mitt-passord');
  await form.getByRole('button', { name: nb('counter.staff_pin.save') }).click();
  await expect(form.getByText(nb('error.own_password_wrong'))).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'counter-staff-pin-wrong-password');

  await form.getByLabel(nb('counter.staff_pin.password'), { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: nb('counter.staff_pin.save') }).click();
  await expect(page.getByText(nb('counter.staff_pin.saved', { name: siv.name }))).toBeVisible();
  await expect(form.getByLabel(nb('counter.staff_pin.password'), { exact: true })).toHaveValue('');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'counter-staff-pin-set');

  const inbox = (await (
    await api.get('/v1/notification/my', { headers: { authorization: `Bearer ${siv.token}` } })
  ).json()) as {
    data: { message: string }[];
  };
  expect(inbox.data[0]?.message).toContain('satte en ny PIN-kode for deg');
  await expect.poll(() => mailsTo(siv.email).some((m) => m.subject === nb('mail.pin_set.subject'))).toBe(true);
  const signIn = await api.post('/v1/cash/operator/login', {
    headers: { authorization: `Bearer ${siv.token}` },
    data: { cash_point_id: 1, user_id: siv.id, pin: '5791' },
  });
  expect(signIn.ok(), 'Siv signs in with the new PIN').toBe(true);
  await api.post('/v1/cash/operator/logout', { headers: { authorization: `Bearer ${siv.token}` } });
});

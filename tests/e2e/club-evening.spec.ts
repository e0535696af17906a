import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@club/shared/i18n/resources';
import { orderReference } from '@club/shared/orders';
import type { TLocale } from '@club/shared/users';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { newPlayer, newTable, playAndLeave } from './support/players.ts';

/**
 * What staff read on a club evening, in both languages, on phones (360 and 390 px) and at a
 * desk (1280 px): the reports, the orders, the time played, the live floor, the waitlist,
 * the opening hours and the X report. Every screen here is also under the check each test
 * runs (no raw key, no øre printed as kroner: support/screen-text.ts).
 */
const LOCALES: TLocale[] = ['nb', 'en'];
const WIDTHS = [360, 390, 1280];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const say = (locale: TLocale, key: string, values: Record<string, string | number> = {}) =>
  translate(locale, key, values);

async function inLanguage(page: Page, locale: TLocale) {
  await page.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
}

/** With SHOTS_DIR set, a picture of the screen as it is, for a person to look at. */
async function picture(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Every element matching `selector` whose content runs past its own box. */
const spilling = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((boxes) =>
      boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.textContent ?? ''),
    );

test('the kiosk report counts cash, names refunds in words and shows money as money', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const player = await newPlayer(api, tokens.admin, 'Kasse-Kari');
  const table = await newTable(api, tokens.admin, { price_per_minute: 250 });
  const order = await playAndLeave(api, player, table.id, 20);
  const paid = await api.post('/v1/payment/cash', {
    headers: bearer(tokens.admin),
    data: { order_id: order, received: 100_000 },
  });
  expect(paid.ok(), `cash payment: ${await paid.text()}`).toBe(true);
  const refund = await api.post('/v1/order/refund', {
    headers: bearer(tokens.admin),
    data: { id: order, amount: 1_500, reason: 'Kald pizza' },
  });
  expect(refund.ok(), 'refund').toBe(true);

  await loginAs(page, 'admin');
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/reports/kiosk?range=today');
      const refunds = page.locator('[data-total="refunds"] .totals__value');
      // money reads as money: `kr 15,00` or more, never `1 500`
      await expect(refunds).toHaveText(locale === 'nb' ? /^kr\s[\d\s]+,\d\d$/ : /^NOK\s[\d,]+\.\d\d$/);
      await expect(page.locator('[data-total="net"] .totals__value')).toHaveText(/(kr|NOK)\s[\d\s,.]+[.,]\d\d$/);
      expect(await spilling(page, '.totals__value'), `tile figures inside their tiles at ${width} px`).toEqual([]);

      const byMethod = page.getByRole('table', {
        name: say(locale, 'adminConsole.reports.table_caption', {
          name: say(locale, 'adminConsole.reports.sections.by_method'),
        }),
      });
      await expect(byMethod.getByRole('row', { name: new RegExp(`^${say(locale, 'pay.method.cash')}`) })).toBeVisible();
      const refundsTable = page.getByRole('table', {
        name: say(locale, 'adminConsole.reports.table_caption', {
          name: say(locale, 'adminConsole.reports.sections.refunds'),
        }),
      });
      await expect(refundsTable.getByRole('row', { name: /Kald pizza/ }).first()).toContainText(
        say(locale, 'pay.method.cash'),
      );
      await picture(page, `report-kiosk-${locale}-${width}`);
    }
  }
});

test('the orders list names a cash payment in words, in its filter and on the order', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Kontant-Kjell');
  const table = await newTable(api, tokens.admin);
  const order = await playAndLeave(api, player, table.id, 10);
  const paid = await api.post('/v1/payment/cash', {
    headers: bearer(tokens.admin),
    data: { order_id: order, received: 100_000 },
  });
  expect(paid.ok(), `cash payment: ${await paid.text()}`).toBe(true);
  await loginAs(page, 'admin');
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/orders?method=cash');
      const filter = page.getByRole('combobox', { name: say(locale, 'pay.admin.method') });
      await expect(filter.locator('option:checked')).toHaveText(say(locale, 'pay.method.cash'));
      const row = page.locator('.pay-row').filter({ hasText: orderReference(order) });
      await expect(row.locator('.pay-row__when')).toContainText(` · ${say(locale, 'pay.method.cash')}`);
      await expect(page.locator('main')).not.toContainText('pay.method');
      await picture(page, `orders-cash-${locale}-${width}`);
    }
  }
});

test('time played reads as a duration on the TV and the floor; the floor’s tiles keep apart beside a panel', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const player = await newPlayer(api, tokens.admin, 'Tid-Tor');
  const table = await newTable(api, tokens.admin, { name: 'Varighet', x: 90, y: 88 });
  const joined = await api.post('/v1/game/join', { headers: bearer(player.token), data: { table_id: table.id } });
  expect(joined.ok(), 'join').toBe(true);
  const game = ((await joined.json()) as { game: { id: number } }).game;
  await api.post('/v1/test/clock', { data: { advance_ms: (65 * 60 + 23) * 1000 } });

  const duration = { nb: /^1\s(t)\s0[5-9]\smin$/, en: /^1\s(h)\s0[5-9]\smin$/ };
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/tv');
    const elapsed = page.getByTestId(`tv-table-${table.id}`).locator('.tv-card__elapsed');
    await expect(elapsed).toHaveText(new RegExp(`${say(locale, 'live.tv.elapsed')}\\s*1\\s[th]\\s0[5-9]\\smin`));
    await picture(page, `tv-duration-${locale}`);
  }

  await loginAs(page, 'admin');
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/live');
      const tile = page.getByTestId(`floor-table-${table.id}`);
      await tile.click();
      const panel = page.getByTestId('table-panel');
      await expect(panel.locator('dd').first()).toHaveText(duration[locale]);
      // the club's own tables, placed apart on the plan, stay apart on screen with the panel open
      const overlaps = await page.locator('.live-table').evaluateAll((tiles) => {
        const own = tiles.filter((t) =>
          /^(Bord [1-6]|Snooker)$/.test(t.querySelector('.live-table__name')?.textContent ?? ''),
        );
        const boxes = own.map((t) => ({
          name: t.querySelector('.live-table__name')?.textContent,
          box: t.getBoundingClientRect(),
        }));
        const hits: string[] = [];
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1))
            if (
              a.box.left < b.box.right &&
              b.box.left < a.box.right &&
              a.box.top < b.box.bottom &&
              b.box.top < a.box.bottom
            )
              hits.push(`${a.name} × ${b.name}`);
        return hits;
      });
      expect(overlaps, `tiles apart at ${width} px with the panel open`).toEqual([]);
      await picture(page, `floor-panel-${locale}-${width}`);
    }
  }
  await api.post('/v1/game/leave', { headers: bearer(player.token), data: { game_id: game.id } });
});

test('the waitlist’s seat and remove buttons say what they do, to the eye and to a screen reader', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  const added = await api.post('/v1/waitlist/add', {
    headers: bearer(tokens.admin),
    data: { name: 'Walk-in Wenche', party_size: 2 },
  });
  expect(added.ok(), 'walk-in').toBe(true);
  await loginAs(page, 'admin');
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/live');
      const panel = page.getByTestId('waitlist-panel');
      const seat = panel.getByRole('button', {
        name: say(locale, 'waitlist.staff_seated', { name: 'Walk-in Wenche' }),
      });
      const remove = panel.getByRole('button', {
        name: say(locale, 'waitlist.staff_remove', { name: 'Walk-in Wenche' }),
      });
      await expect(seat).toHaveText(`✓ ${say(locale, 'waitlist.staff_seated_short')}`);
      await expect(remove).toHaveText(`✕ ${say(locale, 'waitlist.staff_remove_short')}`);
      await picture(page, `waitlist-${locale}-${width}`);
    }
  }
  await page
    .getByTestId('waitlist-panel')
    .getByRole('button', { name: /Walk-in Wenche/ })
    .last()
    .click();
  // asked first: a party taken off the line loses its place
  const shown = LOCALES[LOCALES.length - 1]!;
  const asked = page.getByRole('dialog', {
    name: say(shown, 'waitlist.staff_remove_title', { name: 'Walk-in Wenche' }),
  });
  await asked.getByRole('button', { name: say(shown, 'waitlist.staff_remove_short') }).click();
  await expect(page.getByText('Walk-in Wenche')).toHaveCount(0);
});

test('opening hours: a new date is chosen, not today, and adding one closes nothing', async ({ page, loginAs }) => {
  await loginAs(page, 'admin');
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/opening-hours');
      const saved: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/v1/settings/opening-hours')) saved.push('sent');
      });
      await page.getByRole('button', { name: say(locale, 'booking.add_exception') }).click();
      const row = page.getByTestId('opening-exception').last();
      await expect(row.getByLabel(say(locale, 'booking.date'))).toHaveValue('');
      await expect(row.getByRole('checkbox', { name: say(locale, 'booking.closed') })).not.toBeChecked();
      // no bold copy of the date behind the field
      await expect(row.locator('strong')).toHaveCount(0);
      await picture(page, `opening-hours-${locale}-${width}`);
      // saving without a date says so and saves nothing
      await page
        .getByRole('button', { name: say(locale, 'booking.save') })
        .first()
        .click();
      await expect(row.getByLabel(say(locale, 'booking.date'))).toBeFocused();
      await expect(row.getByLabel(say(locale, 'booking.date'))).toHaveAttribute('aria-invalid', 'true');
      expect(saved).toEqual([]);
      await row.getByRole('button', { name: say(locale, 'booking.remove') }).click();
    }
  }
});

test('the X report’s payments have column headers, and the VAT a table of its own', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Moms-Mia');
  const table = await newTable(api, tokens.admin);
  const order = await playAndLeave(api, player, table.id, 10);
  expect(
    (
      await api.post('/v1/payment/cash', {
        headers: bearer(tokens.admin),
        data: { order_id: order, received: 100_000 },
      })
    ).ok(),
  ).toBe(true);
  await loginAs(page, 'admin');
  for (const locale of LOCALES) {
    await inLanguage(page, locale);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/cash');
      const methods = page.getByTestId('x-by-method');
      await expect(methods.getByRole('columnheader')).toHaveText([
        say(locale, 'till.method_column'),
        say(locale, 'till.count_column'),
        say(locale, 'till.amount_column'),
      ]);
      await expect(methods).not.toContainText(say(locale, 'till.vat_column'));
      await expect(page.getByTestId('x-vat').getByRole('columnheader')).toHaveText([
        say(locale, 'till.vat_rate_column'),
        say(locale, 'till.vat_basis_column'),
        say(locale, 'till.vat_column'),
      ]);
      // one minus sign for every negative amount; nothing taken out is no −0,00
      await expect(page.locator('main')).not.toContainText(/−0[,.]00|-\s?(kr|NOK)|(kr|NOK)\s-/);
      await picture(page, `x-report-${locale}-${width}`);
    }
  }
});

import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer, newTable } from './support/players.ts';
import { nb, shoot } from './support/shots.ts';

/** A player books tomorrow's table on the phone; staff see it on the day's timeline; the TV shows it reserved. */
test('a player books tomorrow’s table from the phone, staff see it on the timeline, the TV shows it reserved', async ({
  page,
  browser,
  api,
  tokens,
  loginAs,
}) => {
  // three screens and two people: longer than one screen's budget
  test.setTimeout(120_000);
  const table = await newTable(api, tokens.admin, { name: `Bord R${Math.random().toString(36).slice(2, 5)}` });
  const player = await newPlayer(api, tokens.admin, 'Reidun');
  const mobile = await phone(browser, player.token);
  await mobile.setViewportSize({ width: 390, height: 844 });

  await mobile.goto('/reservations');
  await expect(mobile.getByRole('heading', { level: 1, name: nb('booking.title') })).toBeVisible();
  await expect(mobile.getByText(nb('booking.none'))).toBeVisible();
  // the form opens on tonight while the club is open; this booking is for tomorrow
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await mobile.getByLabel(nb('booking.date'), { exact: true }).fill(tomorrow);
  await mobile.getByLabel(nb('booking.table'), { exact: true }).selectOption(String(table.id));
  const time = await mobile.getByLabel(nb('booking.time'), { exact: true }).locator('option:checked').textContent();
  await mobile.getByRole('button', { name: nb('booking.book'), exact: true }).click();
  const card = mobile.locator('.reservation-card').filter({ hasText: table.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText(nb('booking.status_booked'));
  await expect(card).toContainText(time ?? '');
  await shoot(mobile, 'reservations-player');

  const mine = (await (
    await api.get('/v1/reservation/my', { headers: { authorization: `Bearer ${player.token}` } })
  ).json()) as { data: { id: number; starts_at: string }[] };
  const booked = mine.data[0]!;

  await loginAs(page, 'admin');
  await page.goto('/admin/reservations');
  await page.getByRole('button', { name: nb('booking.next_day') }).click();
  const block = page.getByTestId(`timeline-reservation-${booked.id}`);
  await expect(block).toContainText(player.name);
  // the one-hour booking shows its booker's whole name: nothing of it is cut off
  const clipped = await block
    .locator('.timeline__who')
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(clipped).toBe(false);
  await shoot(page, 'reservations-admin');

  await page.goto('/tv');
  const tv = page.getByTestId(`tv-table-${table.id}`);
  await expect(tv).toContainText(nb('booking.reserved_tomorrow', { time: time ?? '' }));
  await expect(page.getByTestId('tv-open')).toBeVisible();
  await shoot(page, 'reservations-tv');

  // the holder cancels from the phone, after saying yes
  await card.getByRole('button', { name: nb('booking.cancel') }).click();
  await mobile
    .getByRole('dialog')
    .getByRole('button', { name: nb('booking.cancel') })
    .click();
  await expect(card).toContainText(nb('booking.status_canceled'));
  await expect(tv).not.toContainText(nb('booking.reserved_tomorrow', { time: time ?? '' }));
  await mobile.context().close();

  // staff take the table out of order: the TV says so at once
  await page.goto(`/admin/tables/${table.id}`);
  await page.getByLabel(nb('booking.out_of_order_reason'), { exact: true }).fill('Ny duk');
  await page.getByRole('button', { name: nb('booking.mark_out_of_order') }).click();
  await expect(page.getByTestId('out-of-order-reason')).toContainText('Ny duk');
  await page.goto('/tv');
  await expect(tv).toContainText(nb('booking.out_of_order'));
  await page.goto(`/admin/tables/${table.id}`);
  await page.getByRole('button', { name: nb('booking.back_in_order') }).click();
  await expect(page.getByTestId('out-of-order-reason')).toHaveCount(0);
});

/** Staff set how much one player may book: the booking rules on the opening-hours screen. */
test('staff set a player’s booking limits with the booking rules', async ({
  page,
  api,
  tokens,
  loginAs,
  checkA11y,
}) => {
  const admin = { authorization: `Bearer ${tokens.admin}` };
  const before = (await (await api.get('/v1/settings/reservations', { headers: admin })).json()).settings;
  await loginAs(page, 'admin');
  await page.goto('/admin/opening-hours');
  const bookings = page.getByLabel(nb('booking.max_active_bookings'));
  const hours = page.getByLabel(nb('booking.max_hours_ahead'));
  await expect(bookings).toHaveValue(String(before.max_active_bookings));
  await expect(page.getByText(nb('booking.player_limits_hint'))).toBeVisible();
  await bookings.fill('4');
  await hours.fill('8');
  await page
    .getByRole('button', { name: nb('booking.save') })
    .last()
    .click();
  await expect(page.getByText(nb('booking.rules_saved'))).toBeVisible();
  const after = (await (await api.get('/v1/settings/reservations', { headers: admin })).json()).settings;
  expect(after).toMatchObject({ max_active_bookings: 4, max_hours_ahead: 8 });
  await checkA11y(page);
  await shoot(page, 'booking-rules');
  await api.post('/v1/settings/reservations', { headers: admin, data: before });
});

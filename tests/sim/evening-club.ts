/**
 * The club a club evening (`evening.ts`) plays in, made through the API as staff would: the
 * billing rules, its tables, the kiosk's products, prepaid hours, and the players (every
 * fourth a member), each with a confirmed address and logged in. What it made goes into the
 * evening's record.
 */
import type { TProduct, TSubscriptionProduct } from '@club/shared/shop';
import type { TTable } from '@club/shared/tables';
import type { Api } from './api.ts';
import type { EveningRecord, Player, TableModel } from './evening-model.ts';
import type { Random } from './prng.ts';

export async function setUpClub({
  api,
  admin,
  rnd,
  seed,
  nTables,
  nPlayers,
  record,
}: {
  api: Api;
  /** the staff's token */
  admin: string;
  rnd: Random;
  seed: number;
  nTables: number;
  nPlayers: number;
  record: EveningRecord;
}): Promise<{ tables: TableModel[]; products: TProduct[]; players: Player[] }> {
  const login = async (email: string, password: string) =>
    (await api.post<{ token: string }>('/v1/auth/login', { email, password })).token;
  await api.post('/v1/settings/billing', { rounding_minutes: 5, minimum_charge: 2000, grace_minutes: 2 }, admin);
  const tables: TableModel[] = [];
  for (let i = 0; i < nTables; i++) {
    const capacity = rnd.int(4, 6);
    const price = rnd.pick([150, 200, 250, 300]);
    // a name of the evening's own: evenings are played one after another in the demo club, whose
    // tables are Bord 1–6, and no two tables share a name
    const { table } = await api.post<{ table: TTable }>(
      '/v1/table/create',
      { name: `Kveld ${seed % 10_000}-${i + 1}`, capacity, price_per_minute: price, x: 10 + i * 10, y: 50 },
      admin,
    );
    tables.push({ id: table.id, capacity, price, gameId: null, paused: false });
    record.tableIds.push(table.id);
  }
  const products: TProduct[] = [];
  for (const [name, price, stock] of [
    ['Cola', 3500, 60],
    ['Sjokolade', 2500, 40],
    ['Chips', 3000, 30],
    ['Kaffe', 2000, 80],
  ] as const) {
    const { product } = await api.post<{ product: TProduct }>(
      '/v1/product/create',
      { name, price, count: stock },
      admin,
    );
    products.push(product);
    record.initialStock[product.id] = stock;
    record.productNames[name] = product.id;
  }
  for (const [name, duration, price] of [
    ['1 time', 1, 12_000],
    ['3 timer', 3, 30_000],
  ] as const) {
    const { subscription } = await api.post<{ subscription: TSubscriptionProduct }>(
      '/v1/subscription/create',
      { name, duration, price },
      admin,
    );
    record.subscriptionProducts.push(subscription);
  }

  // --- 40 players; every fourth is a member, whose role may pay later --------------------
  const players: Player[] = [];
  const tag = `${seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
  for (let batch = 0; batch < nPlayers; batch += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, nPlayers - batch) }, async (_, j) => {
        const index = batch + j;
        const email = `p${index}.${tag}@sim.club`;
        const body = {
          name: `Spiller${index}`,
          surname: 'Sim',
          email,
          phone: `4${String(10_000_000 + index * 7919 + (seed % 1000)).slice(-7)}`,
          password: 'simulert-kveld',
          password_confirmation: 'simulert-kveld',
        };
        const { user } = await api.post<{ user: { id: number } }>('/v1/auth/register', body);
        const member = index % 4 === 0;
        // the staff confirm each address at the counter (playing needs a proven one) and make members
        await api.post(
          '/v1/user/update',
          {
            id: user.id,
            name: body.name,
            surname: body.surname,
            email,
            phone: body.phone,
            role: member ? 1 : 2,
            email_verified: true,
          },
          admin,
        );
        const player: Player = {
          index,
          id: user.id,
          email,
          token: await login(email, body.password),
          member,
          state: 'idle',
          seat: null,
          pending: [],
          tab: [],
          guestsBrought: 0,
          played: false,
          uncertain: false,
        };
        return player;
      }),
    );
    players.push(...made);
  }
  record.userIds = players.map((p) => p.id);
  return { tables, products, players };
}

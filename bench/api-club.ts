/** The bench's club: its players, signed up, confirmed and seated through the kiosk's API. */
import { sleep } from './lib.ts';

export const PLAYERS = Number(process.env.BENCH_API_PLAYERS ?? 200);
export const SEATS = 4;
export const TABLES = Math.ceil(PLAYERS / SEATS);
export const ADMIN = { email: 'bench-admin@club.test', password: 'bench-admin-password' };
const PASSWORD = 'bench player password';

export interface Player {
  index: number;
  userId: number;
  token: string;
  tableId: number;
  gameId: number;
  /** a waiting order of theirs, paid again and again at the card terminal */
  orderId: number;
}

/** One call of the kiosk's API; a dropped connection (a server that was under load) is tried again. */
export async function api(base: string, path: string, body?: unknown, token?: string, attempts = 3) {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (attempts <= 1) throw error;
    await sleep(1000);
    return api(base, path, body, token, attempts - 1);
  }
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `work` over `items`, `width` at a time (argon2 hashing makes sign-ups CPU-bound). */
export async function pool<T>(items: T[], width: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/**
 * A club of TABLES tables of four and PLAYERS signed-up players, each seated at their table
 * with a waiting order from an earlier game.
 */
export async function setUpClub(base: string): Promise<Player[]> {
  const admin = (await api(base, '/v1/auth/login', ADMIN)).token as string;
  const tableIds: number[] = [];
  for (let t = 0; t < TABLES; t++) {
    const created = await api(
      base,
      '/v1/table/create',
      { name: `Bord ${t + 1}`, capacity: SEATS, price_per_minute: 250 },
      admin,
    );
    tableIds.push((created.table as { id: number }).id);
  }
  const players: Player[] = new Array(PLAYERS);
  await pool(
    Array.from({ length: PLAYERS }, (_, i) => i),
    4,
    async (i) => {
      const email = `bench.player.${i}@club.test`;
      const person = { name: 'Bench', surname: `Player ${i}`, email, phone: `4${String(1_000_000 + i)}` };
      const registered = await api(base, '/v1/auth/register', {
        ...person,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      // confirmed by the staff: playing needs a proven address
      const { id, phone } = registered.user as { id: number; phone: string };
      await api(base, '/v1/user/update', { ...person, id, phone, role: 2, email_verified: true }, admin);
      const login = await api(base, '/v1/auth/login', { email, password: PASSWORD });
      const user = login.user as { id: number };
      const token = login.token as string;
      const tableId = tableIds[Math.floor(i / SEATS)]!;
      const first = await api(base, '/v1/game/join', { table_id: tableId }, token);
      const left = await api(base, '/v1/game/leave', { game_id: (first.game as { id: number }).id }, token);
      const joined = await api(base, '/v1/game/join', { table_id: tableId }, token);
      players[i] = {
        index: i,
        userId: user.id,
        token,
        tableId,
        gameId: (joined.game as { id: number }).id,
        orderId: left.order_id as number,
      };
    },
  );
  return players;
}

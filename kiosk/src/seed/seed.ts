import { DEFAULT_BILLING_SETTINGS } from '@club/shared/billing';
import { clock } from '@club/shared/clock';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import type { Executor } from '../db/client.ts';
import { poolTables, products, rolePricing, roles, settings, subscriptionProducts, users } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';

/** Roles the product relies on: 3 is the guest role that lands in the shop (SPEC §6). */
const BASE_ROLES = [
  { id: 1, name: 'Medlem', canPayLater: true },
  { id: 2, name: 'Spiller', canPayLater: false },
  { id: 3, name: 'Gjest', canPayLater: false },
];

export const DEMO_LOGINS = [
  {
    email: 'admin@cueclub.demo',
    password: 'klubb-admin',
    isAdmin: true,
    roleId: 1,
    name: 'Ada',
    surname: 'Admin',
    phone: '+4790000001',
  },
  {
    email: 'spiller@cueclub.demo',
    password: 'klubb-spiller',
    isAdmin: false,
    roleId: 2,
    name: 'Sander',
    surname: 'Spiller',
    phone: '+4790000002',
  },
] as const;

async function isEmpty(db: Executor, table: typeof roles | typeof poolTables): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

async function ensureBaseRoles(db: Executor) {
  if (!(await isEmpty(db, roles))) return;
  await db.insert(roles).values(BASE_ROLES);
  // explicit ids: move the sequence past them
  await db.execute(`select setval(pg_get_serial_sequence('roles', 'id'), (select max(id) from roles))`);
  await db.insert(settings).values({ key: 'billing', value: DEFAULT_BILLING_SETTINGS }).onConflictDoNothing();
}

async function ensureUser(
  db: Executor,
  u: {
    email: string;
    password: string;
    isAdmin: boolean;
    roleId: number;
    name: string;
    surname: string;
    phone: string;
  },
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, u.email)).limit(1);
  if (existing) return false;
  const now = clock.now();
  await db
    .insert(users)
    .values({
      name: u.name,
      surname: u.surname,
      email: u.email,
      phone: u.phone,
      passwordHash: await hashPassword(u.password),
      roleId: u.roleId,
      isAdmin: u.isAdmin,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return true;
}

async function seedDemoClub(db: Executor) {
  if (!(await isEmpty(db, poolTables))) return;
  const tables = await db
    .insert(poolTables)
    .values([
      { name: 'Bord 1', capacity: 4, pricePerMinute: 250, x: 15, y: 20 },
      { name: 'Bord 2', capacity: 4, pricePerMinute: 250, x: 40, y: 20 },
      { name: 'Bord 3', capacity: 4, pricePerMinute: 250, x: 65, y: 20 },
      { name: 'Bord 4', capacity: 4, pricePerMinute: 250, x: 15, y: 60 },
      { name: 'Bord 5', capacity: 4, pricePerMinute: 250, x: 40, y: 60 },
      { name: 'Bord 6', capacity: 6, pricePerMinute: 300, x: 65, y: 60 },
      { name: 'Snooker', capacity: 2, pricePerMinute: 350, x: 88, y: 40 },
    ])
    .returning({ id: poolTables.id });
  await db.insert(rolePricing).values([
    { roleId: 1, tableId: null, pricePerMinute: 170 },
    { roleId: 3, tableId: null, pricePerMinute: 250 },
    { roleId: 1, tableId: tables.at(-1)?.id ?? null, pricePerMinute: 250 },
  ]);
  await db.insert(products).values([
    { name: 'Cola 0,5 l', description: 'Kald brus', price: 3900, count: 48, position: 1 },
    { name: 'Farris 0,5 l', description: 'Mineralvann', price: 3500, count: 36, position: 2 },
    { name: 'Kaffe', description: 'Nytraktet', price: 2500, count: 200, position: 3 },
    { name: 'Potetgull', description: 'Salt og pepper', price: 4500, count: 20, position: 4 },
    { name: 'Sjokolade', description: 'Melkesjokolade 60 g', price: 3000, count: 30, position: 5 },
    { name: 'Kritt', description: 'Blått biljardkritt, 2 stk.', price: 2000, count: 15, position: 6 },
  ]);
  await db.insert(subscriptionProducts).values([
    { name: '10 timer', durationHours: 10, price: 120000 },
    { name: '25 timer', durationHours: 25, price: 270000 },
    { name: '50 timer', durationHours: 50, price: 500000 },
  ]);
}

/** Start-up data: base roles always; an admin from the environment; the demo club with DEMO=1. */
export async function seed(deps: Deps): Promise<void> {
  const { db, config, logger } = deps;
  await ensureBaseRoles(db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const created = await ensureUser(db, {
      email: config.ADMIN_EMAIL.toLowerCase(),
      password: config.ADMIN_PASSWORD,
      isAdmin: true,
      roleId: 1,
      name: 'Admin',
      surname: 'Club',
      phone: '+4700000000',
    });
    if (created) logger.info({ email: config.ADMIN_EMAIL }, 'created the admin from ADMIN_EMAIL');
  }
  if (config.DEMO) {
    await seedDemoClub(db);
    for (const login of DEMO_LOGINS) await ensureUser(db, login);
  }
}

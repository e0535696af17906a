import { nextSubscriptionStatus, type SubscriptionEvent } from '@club/machines/subscription';
import { computeBill } from '@club/shared/bill';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { translate } from '@club/shared/i18n/resources';
import type { TSubscriptionProduct } from '@club/shared/shop';
import type { TVatRate } from '@club/shared/vat';
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import type { Db, Executor } from '../db/client.ts';
import {
  games,
  notifications,
  players,
  subscriptionEvents,
  subscriptionProducts,
  userSubscriptions,
  users,
} from '../db/schema.ts';
import { applyBoughtHours } from '../games/apply-bought-hours.ts';
import { billingFor } from '../games/game-view.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { toUserSubscription } from '../users/subscriptions.ts';

type CatalogueRow = typeof subscriptionProducts.$inferSelect;

export function toSubscriptionProduct(row: CatalogueRow): TSubscriptionProduct {
  return {
    id: row.id,
    name: row.name,
    duration: row.durationHours,
    price: row.price,
    active: row.active,
    vat_rate: row.vatRate as TVatRate,
    door_access: row.doorAccess,
  };
}

export async function listCatalogue(db: Executor, includeInactive: boolean) {
  const rows = await db
    .select()
    .from(subscriptionProducts)
    .where(includeInactive ? undefined : eq(subscriptionProducts.active, true))
    .orderBy(asc(subscriptionProducts.durationHours), asc(subscriptionProducts.id));
  return rows.map(toSubscriptionProduct);
}

export interface CatalogueFields {
  name: string;
  duration: number;
  price: number;
  active: boolean;
  vat_rate?: TVatRate | undefined;
  door_access?: boolean | undefined;
}

const columns = (f: CatalogueFields) => ({
  name: f.name,
  durationHours: f.duration,
  price: f.price,
  active: f.active,
  ...(f.vat_rate === undefined ? {} : { vatRate: f.vat_rate }),
  ...(f.door_access === undefined ? {} : { doorAccess: f.door_access }),
});

export async function createCatalogueItem(db: Executor, fields: CatalogueFields, userId: number) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx
      .insert(subscriptionProducts)
      .values({ ...columns(fields), createdAt: now, updatedAt: now })
      .returning();
    // a new price is a price change from nothing, journaled like any other
    await journalPriceChange(
      tx,
      { item: 'subscription', id: row!.id },
      { price: null, vat_rate: null },
      { price: row!.price, vat_rate: row!.vatRate },
      userId,
    );
    return toSubscriptionProduct(row!);
  });
}

/** Edits prepaid hours for sale; a new price or VAT rate is journaled in the same transaction. */
export async function updateCatalogueItem(db: Executor, id: number, fields: CatalogueFields, userId: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(subscriptionProducts).where(eq(subscriptionProducts.id, id));
    if (!before) throw new AppError('error.subscription_not_found');
    const [row] = await tx
      .update(subscriptionProducts)
      .set({ ...columns(fields), updatedAt: clock.now() })
      .where(eq(subscriptionProducts.id, id))
      .returning();
    if (!row) throw new AppError('error.subscription_not_found');
    await journalPriceChange(
      tx,
      { item: 'subscription', id },
      { price: before.price, vat_rate: before.vatRate },
      { price: row.price, vat_rate: row.vatRate },
      userId,
    );
    return toSubscriptionProduct(row);
  });
}

/** Removes a subscription from sale; one that people bought stays (inactive) for their history. */
export async function deleteCatalogueItem(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptionProducts).where(eq(subscriptionProducts.id, id));
    if (!row) throw new AppError('error.subscription_not_found');
    const [bought] = await tx
      .select({ id: userSubscriptions.id })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.subscriptionId, id))
      .limit(1);
    if (bought)
      await tx
        .update(subscriptionProducts)
        .set({ active: false, updatedAt: clock.now() })
        .where(eq(subscriptionProducts.id, id));
    else await tx.delete(subscriptionProducts).where(eq(subscriptionProducts.id, id));
  });
}

/** Pause, resume or delete one's prepaid hours (admins: anyone's), as the machine allows. */
export async function changeSubscription(db: Db, by: AuthInfo, id: number, event: SubscriptionEvent) {
  return withEvents(db, async (tx, emit) => {
    const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)).for('update');
    if (!row || (!by.isAdmin && row.userId !== by.userId)) throw new AppError('error.subscription_not_found');
    const next = nextSubscriptionStatus(row.status, event);
    if (!next) {
      throw new AppError(
        event.type === 'PAUSE' && row.status === 'paused'
          ? 'error.subscription_already_paused'
          : 'error.nothing_happened',
      );
    }
    const now = clock.now();
    const [updated] = await tx
      .update(userSubscriptions)
      .set({ status: next, updatedAt: now })
      .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.status, row.status)))
      .returning();
    if (!updated) throw new AppError('error.nothing_happened');
    const kind =
      event.type === 'PAUSE'
        ? 'paused'
        : event.type === 'UNPAUSE'
          ? 'unpaused'
          : event.type === 'DELETE'
            ? 'deleted'
            : event.type === 'REFUND'
              ? 'refunded'
              : 'expired';
    await tx.insert(subscriptionEvents).values({ userSubscriptionId: id, kind, at: now, actorUserId: by.userId });
    // a session it is paying for right now shows the change at once
    const playing = await tx
      .select({ gameId: games.id, tableId: games.tableId })
      .from(players)
      .innerJoin(games, eq(games.id, players.gameId))
      .where(and(eq(players.userId, row.userId), eq(players.status, 'joined'), eq(players.subscriptionId, id)));
    for (const { gameId, tableId } of playing)
      await emit({ type: 'game.updated', payload: { game_id: gameId, table_id: tableId } });
    return toUserSubscription(updated);
  });
}

/** An admin gives a user prepaid hours (bought at the desk, or a gift). */
export async function addSubscription(db: Db, by: AuthInfo, input: { userId: number; subscriptionId: number }) {
  return withEvents(db, async (tx, emit) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError('error.user_not_found');
    const [product] = await tx
      .select()
      .from(subscriptionProducts)
      .where(eq(subscriptionProducts.id, input.subscriptionId));
    if (!product) throw new AppError('error.subscription_not_found');
    const now = clock.now();
    const [row] = await tx
      .insert(userSubscriptions)
      .values({
        userId: user.id,
        subscriptionId: product.id,
        name: product.name,
        durationHours: product.durationHours,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(subscriptionEvents)
      .values({ userSubscriptionId: row!.id, kind: 'added', at: now, actorUserId: by.userId });
    // given while the player is at a table: it pays from now on, as bought hours do
    await applyBoughtHours(tx, emit, {
      userId: user.id,
      subscriptionId: row!.id,
      minutes: product.durationHours * 60,
    });
    return toUserSubscription(row!);
  });
}

/**
 * Tells players at a table when their prepaid time is nearly out (10 minutes) and when it
 * is out (billing then goes on at the normal price). Runs every half minute; each alert
 * goes once per session.
 */
export async function sendSubscriptionAlerts(db: Db): Promise<number> {
  const seated = await db
    .select()
    .from(players)
    .where(
      and(
        eq(players.status, 'joined'),
        isNotNull(players.subscriptionId),
        or(isNull(players.subscriptionLowNotifiedAt), isNull(players.subscriptionOutNotifiedAt)),
      ),
    );
  if (!seated.length) return 0;
  const { inputs } = await billingFor(db, seated);
  const now = clock.now();
  let sent = 0;
  for (const player of seated) {
    const input = inputs.get(player.id)!;
    if (input.subscription_minutes === 0 || player.userId === null) continue;
    const left = input.subscription_minutes - computeBill(input, now).subscription_minutes;
    const due =
      left <= 0 && !player.subscriptionOutNotifiedAt
        ? 'out'
        : left <= 10 && !player.subscriptionLowNotifiedAt
          ? 'low'
          : null;
    if (!due) continue;
    await withEvents(db, async (tx, emit) => {
      const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, player.userId!));
      const locale = user?.locale === 'en' ? 'en' : 'nb';
      const [note] = await tx
        .insert(notifications)
        .values({
          message: translate(locale, due === 'out' ? 'notice.subscription_out' : 'notice.subscription_low', {
            minutes: Math.max(0, left),
          }),
          linkText: translate(locale, 'notice.to_table'),
          url: `/table/${input.segments.at(-1)?.table_id ?? ''}`,
          audience: 'user',
          userId: player.userId,
          startsAt: now,
          createdAt: now,
        })
        .returning({ id: notifications.id });
      await tx
        .update(players)
        .set(
          due === 'out'
            ? { subscriptionOutNotifiedAt: now, subscriptionLowNotifiedAt: player.subscriptionLowNotifiedAt ?? now }
            : { subscriptionLowNotifiedAt: now },
        )
        .where(eq(players.id, player.id));
      await emit({ type: 'notification.created', payload: { notification_id: note!.id, user_id: player.userId } });
    });
    sent++;
  }
  return sent;
}

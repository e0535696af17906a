import { JOURNAL_EVENTS } from '@club/shared/cash';
import { OPERATOR_IDLE_MS, type TCounterOperator } from '@club/shared/cash-operators';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { checkPassword } from '../accounts/passwords.ts';
import type { Db, Executor } from '../db/client.ts';
import { cashOperatorSessions, cashPoints, sessions, users } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { findCashPoint } from './cash-points.ts';
import { appendJournal } from './journal.ts';
import { findOperator, operatorName } from './operator-pins.ts';

type OperatorRow = typeof cashOperatorSessions.$inferSelect;
export type SignOutReason = 'logout' | 'switch' | 'idle' | 'elsewhere';

/** Ends an operator's sign-in, once: the log-out (13004) is journaled at its cash point. */
async function signOut(tx: Executor, row: OperatorRow, reason: SignOutReason, byUserId: number): Promise<void> {
  const [closed] = await tx
    .update(cashOperatorSessions)
    .set({ signedOutAt: clock.now() })
    .where(and(eq(cashOperatorSessions.id, row.id), isNull(cashOperatorSessions.signedOutAt)))
    .returning({ id: cashOperatorSessions.id });
  if (!closed) return;
  await appendJournal(
    tx,
    {
      event: JOURNAL_EVENTS.operatorLogOut,
      userId: row.userId,
      detail: { reason, device_user_id: byUserId, last_active_at: row.lastActiveAt.toISOString() },
    },
    row.cashPointId,
  );
}

const isIdle = (row: OperatorRow) => clock.nowMs() - row.lastActiveAt.getTime() > OPERATOR_IDLE_MS;

async function openOn(tx: Executor, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select()
    .from(cashOperatorSessions)
    .where(and(where, isNull(cashOperatorSessions.signedOutAt)));
  return row;
}

/**
 * Signs a staff member in at a cash point on this device with their PIN. Whoever was signed
 * in on the device is signed out (a quick switch), and so is the operator on any other device.
 * The device's session row is locked first, so concurrent sign-ins on one device queue up.
 */
export async function operatorLogIn(
  db: Db,
  by: AuthInfo,
  input: { cash_point_id: number; user_id: number; pin: string },
): Promise<TCounterOperator> {
  const operator = await findOperator(db, input.user_id);
  const valid = await checkPassword(operator.pinHash, input.pin);
  if (!operator.pinHash || !valid) throw new AppError('error.wrong_pin');
  return withEvents(db, async (tx, emit) => {
    const point = await findCashPoint(tx, input.cash_point_id);
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, by.sessionId)).for('update');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, operator.id)).for('update');
    const here = await openOn(tx, eq(cashOperatorSessions.sessionId, by.sessionId));
    if (here) await signOut(tx, here, isIdle(here) ? 'idle' : 'switch', by.userId);
    const elsewhere = await openOn(tx, eq(cashOperatorSessions.userId, operator.id));
    if (elsewhere) await signOut(tx, elsewhere, isIdle(elsewhere) ? 'idle' : 'elsewhere', by.userId);
    const now = clock.now();
    await tx.insert(cashOperatorSessions).values({
      sessionId: by.sessionId,
      cashPointId: point.id,
      userId: operator.id,
      signedInAt: now,
      lastActiveAt: now,
    });
    await appendJournal(
      tx,
      { event: JOURNAL_EVENTS.operatorLogIn, userId: operator.id, detail: { device_user_id: by.userId } },
      point.id,
    );
    // the counter they were signed in at elsewhere shows them gone
    await emit(feedChanged('counter_operators'));
    return {
      user_id: operator.id,
      name: operatorName(operator),
      cash_point: point,
      signed_in_at: now.toISOString(),
      idle_until: new Date(now.getTime() + OPERATOR_IDLE_MS).toISOString(),
    };
  });
}

export function operatorLogOut(db: Db, by: AuthInfo): Promise<void> {
  return withEvents(db, async (tx, emit) => {
    const here = await openOn(tx, eq(cashOperatorSessions.sessionId, by.sessionId));
    if (!here) throw new AppError('error.operator_not_signed_in');
    await signOut(tx, here, isIdle(here) ? 'idle' : 'logout', by.userId);
    await emit(feedChanged('counter_operators'));
  });
}

/**
 * The operator signed in on the caller's device, or null. One idle for longer than
 * OPERATOR_IDLE_MS is signed out now (journaled). An action (`touch`) starts the idle time
 * again; only asking who is signed in does not: every counter asks whenever an operator signs
 * in or out anywhere, and that kept an operator who had walked away signed in.
 */
export async function currentOperator(
  tx: Executor,
  by: AuthInfo,
  { touch = true }: { touch?: boolean } = {},
): Promise<TCounterOperator | null> {
  if (!by.isAdmin) return null;
  const [found] = await tx
    .select({ row: cashOperatorSessions, name: users.name, surname: users.surname, point: cashPoints })
    .from(cashOperatorSessions)
    .innerJoin(users, eq(users.id, cashOperatorSessions.userId))
    .innerJoin(cashPoints, eq(cashPoints.id, cashOperatorSessions.cashPointId))
    .where(and(eq(cashOperatorSessions.sessionId, by.sessionId), isNull(cashOperatorSessions.signedOutAt)));
  if (!found) return null;
  if (isIdle(found.row)) {
    await signOut(tx, found.row, 'idle', by.userId);
    return null;
  }
  let activeAt = found.row.lastActiveAt;
  if (touch) {
    activeAt = clock.now();
    await tx
      .update(cashOperatorSessions)
      .set({ lastActiveAt: activeAt })
      .where(eq(cashOperatorSessions.id, found.row.id));
  }
  return {
    user_id: found.row.userId,
    name: operatorName(found),
    cash_point: { id: found.point.id, name: found.point.name },
    signed_in_at: found.row.signedInAt.toISOString(),
    idle_until: new Date(activeAt.getTime() + OPERATOR_IDLE_MS).toISOString(),
  };
}

/** Who a registration is in the name of, and where: the signed-in operator, else the caller. */
export async function registrar(
  tx: Executor,
  by: AuthInfo,
): Promise<{ actorUserId: number; cashPointId: number | undefined }> {
  const operator = await currentOperator(tx, by);
  return { actorUserId: operator?.user_id ?? by.userId, cashPointId: operator?.cash_point.id };
}

/**
 * Who a cash payment is in the name of, and where: as `registrar`, but a device whose operator
 * went idle is refused (`error.operator_not_signed_in`) until someone signs in again, as the
 * counter's card and Vipps are. Its till was left open by that operator: the cash would
 * otherwise land in the device account's name at the default cash point, with no error, also
 * when the counter's own check signed them out an instant before. A device that never had an
 * operator, or whose operator signed out in time, still registers in the caller's name. Its
 * own transaction, so the idle log-out stays journaled though the payment is refused.
 */
export async function cashRegistrar(
  db: Db,
  by: AuthInfo,
): Promise<{ actorUserId: number; cashPointId: number | undefined }> {
  const operator = await db.transaction((tx) => currentOperator(tx, by));
  if (operator) return { actorUserId: operator.user_id, cashPointId: operator.cash_point.id };
  const [last] = await db
    .select()
    .from(cashOperatorSessions)
    .where(eq(cashOperatorSessions.sessionId, by.sessionId))
    .orderBy(desc(cashOperatorSessions.id))
    .limit(1);
  // an operator signed out while idle, whatever signed them out, was idle past the limit then
  if (last?.signedOutAt && last.signedOutAt.getTime() - last.lastActiveAt.getTime() > OPERATOR_IDLE_MS)
    throw new AppError('error.operator_not_signed_in');
  return { actorUserId: by.userId, cashPointId: undefined };
}

/**
 * Counter registrations need a signed-in operator: `error.operator_not_signed_in` otherwise.
 * Its own transaction, so an idle operator's log-out stays journaled though the request fails.
 */
export async function requireOperator(db: Db, by: AuthInfo): Promise<TCounterOperator> {
  const operator = await db.transaction((tx) => currentOperator(tx, by));
  if (!operator) throw new AppError('error.operator_not_signed_in');
  return operator;
}

import type { TCashPoint } from '@club/shared/cash-operators';
import type { Executor } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { findCashPoint } from './cash-points.ts';
import { defaultCashPoint } from './journal.ts';
import { registrar } from './operator-sessions.ts';

/**
 * The cash point a drawer registration or a report is for, and in whose name: the one asked
 * for; else the one the operator signed in to on this device; else the club's first. Reports
 * and day closes are per cash point, as each has its own journal numbers.
 */
export async function pointFor(
  tx: Executor,
  by: AuthInfo,
  requested?: number,
): Promise<{ point: TCashPoint; actorUserId: number }> {
  const { actorUserId, cashPointId } = await registrar(tx, by);
  const id = requested ?? cashPointId;
  const point = id === undefined ? await defaultCashPoint(tx) : await findCashPoint(tx, id);
  return { point, actorUserId };
}

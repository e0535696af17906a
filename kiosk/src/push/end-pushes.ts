import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';

/**
 * Pushes end with the login that asked for them: at a logout or a revoked session (that
 * session's devices), and at a password change or reset, which ends every login of the person
 * (all their devices). The accounts code calls these in the same transaction.
 */
export async function endSessionPushes(db: Executor, sessionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

export async function endUserPushes(db: Executor, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

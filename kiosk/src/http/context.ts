import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PushService } from '../push/push-service.ts';

/** What the services of the kiosk need from the outside world. */
export interface Deps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  /** Web Push to a person's devices (waitlist offers, reminders, kicks, order status) */
  push: PushService;
}

export interface AuthInfo {
  userId: number;
  sessionId: number;
  isAdmin: boolean;
  /** the address was proven when the session was looked up (a lapse forgets the lookup) */
  emailVerified?: boolean;
}

export type AppEnv = {
  Variables: {
    auth?: AuthInfo;
    /** the outbox id every change up to which this request's reads hold (`stampReads`) */
    readSeq?: number;
  };
};

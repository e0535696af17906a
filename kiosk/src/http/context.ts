import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the services of the kiosk need from the outside world. */
export interface Deps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
}

export interface AuthInfo {
  userId: number;
  sessionId: number;
  isAdmin: boolean;
}

export type AppEnv = { Variables: { auth?: AuthInfo } };

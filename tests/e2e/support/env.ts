import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the end-to-end run puts its app, its database and the mail it catches. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? APP_PORT + 1);
export const BASE_URL = `http://localhost:${APP_PORT}`;
export const DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `club-e2e-${APP_PORT}`, 'data');
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? join(tmpdir(), `club-e2e-${APP_PORT}`, 'mail');

export const ADMIN = { email: 'admin@cueclub.demo', password: 'klubb-admin' };
export const PLAYER = { email: 'spiller@cueclub.demo', password: 'klubb-spiller' };

/**
 * The app under test, as Playwright's web server: a fresh database, a mail catcher on
 * SMTP_PORT that writes every received mail as JSON into MAIL_DIR, then `main.ts` itself.
 * One process, so stopping it stops everything.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailCatcher } from '../../support/mail-catcher.ts';
import { DATA_DIR, MAIL_DIR, SMTP_PORT } from './env.ts';

rmSync(DATA_DIR, { recursive: true, force: true });
rmSync(MAIL_DIR, { recursive: true, force: true });
mkdirSync(DATA_DIR, { recursive: true });
mkdirSync(MAIL_DIR, { recursive: true });

let count = 0;
await startMailCatcher({
  port: SMTP_PORT,
  host: '127.0.0.1',
  onMail(mail) {
    count += 1;
    const file = join(MAIL_DIR, `${Date.now()}-${String(count).padStart(5, '0')}.json`);
    // written aside and renamed: a test polling the folder never reads half a mail
    writeFileSync(`${file}.part`, JSON.stringify(mail));
    renameSync(`${file}.part`, file);
  },
});

process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
process.env.DATA_DIR = DATA_DIR;
// the app itself (a computed specifier: the tests project does not type-check the server)
const main = new URL('../../../main.ts', import.meta.url).href;
await import(main);

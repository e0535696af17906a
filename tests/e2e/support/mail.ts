import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR } from './env.ts';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export function mailsTo(address: string): CaughtMail[] {
  const wanted = address.toLowerCase();
  return readdirSync(MAIL_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to.includes(wanted));
}

/** Waits for a mail to `address` holding a link with `path` and answers the link. */
export async function waitForLink(address: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}[^\\s]+`);
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(address)
          .reverse()
          .find((m) => pattern.test(m.text));
        link = mail?.text.match(pattern)?.[0] ?? '';
        return link;
      },
      { message: `a mail to ${address} with a ${path} link`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** The mail server the stack's kiosk sends to, on the Docker host: every mail is kept for the test. */
import { type CaughtMail, startMailCatcher } from '../../support/mail-catcher.ts';

export async function startSmtpSink(): Promise<{ port: number; mails: CaughtMail[]; close(): Promise<void> }> {
  const mails: CaughtMail[] = [];
  // on every interface: the containers reach it through the Docker host's gateway address
  const server = await startMailCatcher({ port: 0, host: '0.0.0.0', onMail: (mail) => mails.push(mail) });
  return { ...server, mails };
}

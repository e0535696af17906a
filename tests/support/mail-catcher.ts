/**
 * An SMTP server that keeps every mail the app sends, for the tests that read them: the
 * end-to-end run's app and the deploy test's compose stack. No TLS, no login.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export async function startMailCatcher(options: {
  port: number;
  host: string;
  onMail: (mail: CaughtMail) => void;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address?.toLowerCase() ?? ''),
          );
          options.onMail({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the mail catcher has no port');
  return { port: address.port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

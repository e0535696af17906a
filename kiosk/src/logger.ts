import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured logs (JSON lines). Bearer tokens, passwords and cookies are redacted
 * wherever they appear in a logged object.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'token',
          'password',
          '*.password',
          '*.token',
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

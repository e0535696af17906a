import pino from 'pino';

export type Logger = pino.Logger;

/** Field names whose values are secrets wherever they sit in a logged object (two levels deep). */
const SECRET_FIELDS = [
  'token',
  'password',
  'password_confirmation',
  'current_password',
  'authorization',
  'cookie',
  'secret',
  'tokenHash',
  'token_hash',
];

/**
 * A failed query's message ends in its parameters (`\nparams: <token hash>,<e-mail>,…`),
 * and it reaches the log however the error is logged: as `err`, as `String(err)` or inside
 * a message. So the finished JSON line is cleaned, up to the next line break or the end of
 * the string, whichever path wrote it.
 */
const QUERY_PARAMS = /params: (?:[^"\\]|\\.)*?(?=\\n|")/g;
export const scrubLine = (line: string) =>
  line.includes('params: ') ? line.replace(QUERY_PARAMS, 'params: [redacted]') : line;

/**
 * Structured logs (JSON lines). Bearer tokens, passwords, cookies, one-time link tokens and
 * their hashes are redacted wherever they appear in a logged object, and a failed query's
 * parameters are cut from every line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const target = destination ?? pino.destination(1);
  return pino(
    {
      level,
      redact: {
        paths: [
          ...SECRET_FIELDS,
          ...SECRET_FIELDS.map((f) => `*.${f}`),
          ...SECRET_FIELDS.map((f) => `*.*.${f}`),
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'handshake.auth.token',
          // a failed query (DrizzleQueryError) carries its parameters as a field too
          'err.params',
          'err.cause.params',
        ],
        censor: '[redacted]',
      },
    },
    { write: (line: string) => target.write(scrubLine(line)) },
  );
}

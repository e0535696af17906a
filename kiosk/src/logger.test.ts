import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function logged(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  write(createLogger('trace', { write: (line: string) => void lines.push(line) }));
  return lines.join('');
}

describe('the logger', () => {
  it('redacts secrets by field name, at the top and nested', () => {
    const out = logged((l) => {
      l.info({ token: 'tok-1', password: 'pw-1' }, 'a');
      l.info({ body: { password_confirmation: 'pw-2', current_password: 'pw-3', token: 'tok-2' } }, 'b');
      l.info({ req: { headers: { authorization: 'Bearer tok-3', cookie: 'sid=tok-4' } } }, 'c');
      l.info({ handshake: { auth: { token: 'tok-5' } }, row: { tokenHash: 'hash-1' } }, 'd');
    });
    for (const secret of ['tok-1', 'tok-2', 'tok-3', 'tok-4', 'tok-5', 'pw-1', 'pw-2', 'pw-3', 'hash-1'])
      expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });

  it('cuts a failed query’s parameters however the error is logged', () => {
    const error = Object.assign(
      new Error('Failed query: select 1 where token_hash = $1\nparams: deadbeef"cafe,kari@example.no'),
      { params: ['deadbeef"cafe', 'kari@example.no'] },
    );
    const out = logged((l) => {
      l.error({ err: error }, 'as err');
      l.warn({ err: String(error), path: '/v1/user/profile' }, 'as a string');
      l.warn(`in the message: ${error.message}`);
    });
    expect(out).not.toContain('deadbeef');
    expect(out).not.toContain('kari@example.no');
    expect(out.match(/params: \[redacted\]/g)).toHaveLength(4);
    expect(out).toContain('Failed query: select 1 where token_hash = $1');
    for (const line of out.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });
});

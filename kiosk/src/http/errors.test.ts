import { NO_ERROR_REPORTS } from '@club/shared/error-reports';
import { AppError } from '@club/shared/errors';
import { DrizzleQueryError } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { isDatabaseUnavailable, onError, toAppError } from './errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('database outages become 503 error.service_unavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a server shutting down', withCode('the database system is shutting down', '57P03')],
    ['a dropped socket', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapped query error', wrapped(withCode('terminating connection due to administrator command', '57P01'))],
    ['a wrapped dropped socket', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'refused connections to several addresses',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toAppError(error)?.key).toBe('error.service_unavailable');
  });

  it('leaves other errors alone', () => {
    expect(toAppError(wrapped(withCode('duplicate key value violates unique constraint', '23505')))).toBeUndefined();
    expect(toAppError(new Error('boom'))).toBeUndefined();
    // the words of a query's parameters (user input) are not the driver speaking
    expect(toAppError(new DrizzleQueryError('insert', ['Connection terminated'], new Error('boom')))).toBeUndefined();
    expect(toAppError(new AppError('error.table_full'))?.key).toBe('error.table_full');
  });

  it('answers a real refused connection through the error handler', async () => {
    // a port nothing listens on: the driver's own error, not a hand-made one
    const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 5000 });
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    const app = new Hono();
    app.onError(onError(createLogger('silent'), NO_ERROR_REPORTS));
    app.get('/', () => {
      throw wrapped(error as Error);
    });
    const res = await app.request('/');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, message: 'error.service_unavailable' });
  });
});

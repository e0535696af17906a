import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db, Executor, Tx } from './executor.ts';
import { named } from './named-statements.ts';

export type Row = Record<string, unknown>;

/** What a transaction's work answers: its value, and the statement to end it with, if any. */
export interface Ending<T> {
  value: T;
  last?: SQL | undefined;
}

/** set while a transaction's last statement runs: the fixed statements that go just before it */
const lastStatement = new AsyncLocalStorage<string[]>();

/**
 * Runs `work` in a transaction (Drizzle's `db.transaction`) and ends it with the statement
 * `work` answers, if any, and the commit; answers `work`'s value and that statement's rows.
 * On PostgreSQL that statement and the commit leave in one message (`fewerTrips`): the locks it
 * takes, the outbox's among them (`writeEvents`, which every writer takes), are held only while
 * the server runs it and commits, not for a trip back to this process and its turn in a busy
 * event loop as well.
 */
export function transactionEndingWith<T>(
  db: Db,
  work: (tx: Tx) => Promise<Ending<T>>,
): Promise<{ value: T; rows: Row[] }> {
  return db.transaction(async (tx) => {
    const { value, last } = await work(tx);
    return { value, rows: last ? await lastStatement.run([], () => rowsOf(tx, last)) : [] };
  });
}

/**
 * One statement in a transaction of its own, after `first` (fixed statements without
 * values: taking a lock); answers its rows. On PostgreSQL all of it is one message, so a lock
 * `first` takes is held only while the server runs the statement and commits, and the
 * statement, run after the lock was granted, sees everything committed before that.
 */
export function transactionOfOne(db: Db, first: string[], statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    // the embedded database has no messages to share: `first` runs on its own
    if (tx instanceof PgliteTransaction) for (const text of first) await tx.execute(sql.raw(text));
    return lastStatement.run(first, () => rowsOf(tx, statement));
  });
}

/** The rows a raw statement answers (both drivers answer it with its rows). */
export async function rowsOf(tx: Executor, statement: SQL): Promise<Row[]> {
  return ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/**
 * The pool, each client it lends sending a transaction's `begin` with its first statement and
 * its `commit` with its last (`transactionEndingWith`), each pair in one message: two round trips
 * less per transaction, the query budget's reason (kiosk/tests/query-budget.test.ts). Drizzle's
 * `db.transaction` runs as it always does; its `begin` and `commit` are answered here when they
 * went with a statement already.
 */
export function fewerTrips(pool: pg.Pool): pg.Pool {
  const connect = async () => fewerTripsOn(await pool.connect());
  return new Proxy(pool, { get: (target, key) => (key === 'connect' ? connect : Reflect.get(target, key)) });
}

type Query = (config: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;

function fewerTripsOn(client: pg.PoolClient): pg.PoolClient {
  // `begin` asked and not sent yet; begun on the server; ended with a statement and committed
  let state: 'idle' | 'asked' | 'begun' | 'committed' = 'idle';
  const answered = () =>
    Promise.resolve({ command: '', rowCount: 0, oid: 0, fields: [], rows: [] } as pg.QueryResult<Row>);
  const send = client.query.bind(client) as Query;
  const query: Query = async (config, values) => {
    const text = typeof config === 'string' ? config : config.text;
    if (text === 'begin' && state === 'idle') {
      state = 'asked';
      return answered();
    }
    if (text === 'commit' || text === 'rollback') {
      // nothing begun yet, or committed with the last statement: nothing to send. After a failure
      // the server may have ended the transaction already, and a rollback only warns
      const done = state === 'asked' || state === 'committed';
      state = 'idle';
      return done ? answered() : send(config, values);
    }
    if (typeof config === 'string') {
      // a text alone cannot share a message: the begin goes first, on its own
      if (state === 'asked') {
        state = 'begun';
        await send('begin');
      }
      return send(config, values);
    }
    const last = lastStatement.getStore();
    if (state !== 'asked' && !last) return send(config, values);
    const before = [...(state === 'asked' ? ['begin'] : []), ...(last ?? [])];
    state = 'begun';
    const result = await pipelined(
      client,
      { ...config, values: values ?? config.values },
      {
        before,
        after: last ? ['commit'] : [],
      },
    );
    if (last) state = 'committed';
    return result;
  };
  return new Proxy(client, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) });
}

/**
 * One statement with fixed statements (`begin`, `commit`) around it, as one pipeline of the
 * extended protocol: each as Parse, Bind, Describe, Execute, then one Sync; answers the
 * statement's result. node-postgres writes a query's messages in one go (corked) and ends them
 * with `sync()`; the others are put before and after, in the same write. When one fails, the
 * server skips the rest up to the Sync: a failed statement is not committed, and the caller
 * rolls back.
 */
function pipelined(client: pg.PoolClient, config: pg.QueryConfig, around: Around): Promise<pg.QueryResult<Row>> {
  return new Promise((resolve, reject) => {
    // always the extended protocol (a statement without values would go as a simple query)
    const query = new pg.Query(
      named({ ...config, queryMode: 'extended' } as pg.QueryConfig),
      undefined,
      (error, results) => {
        if (error) return reject(error);
        // one result per command; the statement's follows `before`'s
        const all = (Array.isArray(results) ? results : [results]) as pg.QueryResult<Row>[];
        resolve(all[around.before?.length ?? 0]!);
      },
    );
    const submit = query.submit.bind(query);
    query.submit = (messages) => {
      const connection = messages as unknown as PipelineConnection;
      const sync = connection.sync;
      // described too: a row (the lock's select answers one) needs its fields to be read
      const send = (text: string) => {
        connection.parse({ text });
        connection.bind({});
        connection.describe({ type: 'P' });
        connection.execute({});
      };
      connection.sync = () => {
        for (const text of around.after ?? []) send(text);
        sync.call(connection);
      };
      connection.stream.cork();
      try {
        for (const text of around.before ?? []) send(text);
        return submit(messages);
      } finally {
        connection.sync = sync;
        connection.stream.uncork();
      }
    };
    client.query(query);
  });
}

/** Fixed statements without values, sent before and after a pipeline's statement. */
interface Around {
  before?: string[];
  after?: string[];
}

/** The messages of node-postgres' connection that the pipeline sends (its types are older). */
interface PipelineConnection {
  stream: { cork(): void; uncork(): void };
  parse(message: { text: string }): void;
  bind(message: object): void;
  describe(message: { type: 'P' | 'S' }): void;
  execute(message: object): void;
  sync(): void;
}

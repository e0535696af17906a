import type { SQL } from 'drizzle-orm';
import { NodePgSession, type NodePgSessionOptions, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';
import pg from 'pg';
import type { Db, Executor, Tx } from './client.ts';
import { named } from './named-statements.ts';

export type Row = Record<string, unknown>;

/** What a transaction's work answers: its value, and the statement to end it with, if any. */
export interface Ending<T> {
  value: T;
  last?: SQL | undefined;
}

/**
 * Runs `work` in a transaction and ends it with the statement `work` answers, if any, and
 * the commit; answers `work`'s value and the rows that statement returned.
 *
 * On PostgreSQL the statement and the commit leave in one message and come back in one:
 * a round trip less, and the locks the statement takes are held only while the server runs
 * it and commits. Sent apart, they were held for a trip back to this process and its turn in
 * a busy event loop as well. That matters for the outbox's lock (`writeEvents`), which every
 * writer takes: held across a round trip, it limited the whole kiosk to one write per trip.
 * The transaction is Drizzle's own (`NodePgTransaction` on a client of the pool), begun and
 * ended here instead of by `db.transaction`, which always sends its commit alone.
 */
export async function transactionEndingWith<T>(
  db: Db,
  work: (tx: Tx) => Promise<Ending<T>>,
): Promise<{ value: T; rows: Row[] }> {
  const session = nodePgSession(db);
  if (!session) {
    return db.transaction(async (tx) => {
      const { value, last } = await work(tx);
      return { value, rows: last ? await rowsOf(tx, last) : [] };
    });
  }
  const pooled = await session.client.connect();
  const client = beginningWithFirstStatement(pooled);
  try {
    const txSession = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, txSession, session.schema) as unknown as Tx;
    try {
      const { value, last } = await work(tx);
      if (!last) {
        if (client.begun()) await tx.execute('commit');
        return { value, rows: [] };
      }
      const ending = { before: client.begun() ? [] : ['begin'], after: ['commit'] };
      return { value, rows: await runLogged(session, pooled, last, ending) };
    } catch (error) {
      // after a failed commit the server has rolled back already, and this only warns
      if (client.begun()) await tx.execute('rollback').catch(() => {});
      throw error;
    }
  } finally {
    pooled.release();
  }
}

/**
 * One statement in a transaction of its own, after `first` (fixed statements without
 * values: taking a lock); answers its rows. On PostgreSQL all of it is one message and one
 * round trip, so a lock `first` takes is held only while the server runs the statement and
 * commits, and the statement, run after the lock was granted, sees everything committed
 * before that.
 */
export async function transactionOfOne(db: Db, first: string[], statement: SQL): Promise<Row[]> {
  const session = nodePgSession(db);
  if (!session) {
    return db.transaction(async (tx) => {
      for (const text of first) await tx.execute(text);
      return rowsOf(tx, statement);
    });
  }
  const client = await session.client.connect();
  try {
    return await runLogged(session, client, statement, { before: ['begin', ...first], after: ['commit'] });
  } catch (error) {
    // a failure before the commit leaves the transaction open (and aborted)
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The pool's client for one transaction, whose `begin` goes with its first statement, in the
 * same message: a round trip less. Drizzle's session sends everything through `query`.
 */
function beginningWithFirstStatement(client: pg.PoolClient) {
  let begun = false;
  const query = (config: pg.QueryConfig, values?: unknown[]) => {
    if (begun) return client.query(config, values);
    begun = true;
    return pipelined(client, { ...config, values: values ?? config.values }, { before: ['begin'] });
  };
  return Object.assign(Object.create(client) as pg.PoolClient, { query, begun: () => begun });
}

/** The rows a raw statement answers (both drivers answer it with its rows). */
export async function rowsOf(tx: Executor, statement: SQL): Promise<Row[]> {
  return ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** `statement` sent in a pipeline (`pipelined`), and logged as Drizzle logs its own. */
async function runLogged(session: SessionParts, client: pg.PoolClient, statement: SQL, around: Around) {
  const query = session.dialect.sqlToQuery(statement);
  session.options.logger?.logQuery(query.sql, query.params);
  return (await pipelined(client, { text: query.sql, values: query.params }, around)).rows;
}

/** The parts of Drizzle's node-postgres session a transaction is made of (private in its types). */
interface SessionParts {
  client: pg.Pool;
  dialect: PgDialect;
  schema: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
  options: NodePgSessionOptions;
}

function nodePgSession(db: Db): SessionParts | undefined {
  const session = db._.session;
  return session instanceof NodePgSession ? (session as unknown as SessionParts) : undefined;
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

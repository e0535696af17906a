import type { SQL } from 'drizzle-orm';
import { NodePgSession, type NodePgSessionOptions, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

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
      const rows = last ? ((await tx.execute(last)) as unknown as { rows: Row[] }).rows : [];
      return { value, rows };
    });
  }
  const client = await session.client.connect();
  try {
    const txSession = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, txSession, session.schema) as unknown as Tx;
    await tx.execute('begin');
    try {
      const { value, last } = await work(tx);
      if (!last) {
        await tx.execute('commit');
        return { value, rows: [] };
      }
      const query = session.dialect.sqlToQuery(last);
      session.options.logger?.logQuery(query.sql, query.params);
      return { value, rows: await runThenCommit(client, query.sql, query.params) };
    } catch (error) {
      // after a failed commit the server has rolled back already, and this only warns
      await tx.execute('rollback').catch(() => {});
      throw error;
    }
  } finally {
    client.release();
  }
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
 * One statement and the commit as one pipeline of the extended protocol: Parse, Bind,
 * Describe, Execute of the statement, then Parse, Bind, Execute of `commit`, then one Sync.
 * node-postgres writes a query's messages in one go (corked) and ends them with `sync()`; the
 * commit's messages are put in just before it. When the statement fails, the server skips the
 * commit (everything up to the Sync), and the caller rolls back.
 */
function runThenCommit(client: pg.PoolClient, text: string, values: unknown[]): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    // always the extended protocol (a statement without values would go as a simple query)
    const config = { text, values, queryMode: 'extended' };
    const query = new pg.Query(config, undefined, (error, results) => {
      if (error) reject(error);
      // two commands, two results: the statement's, then the commit's
      else resolve((Array.isArray(results) ? results[0] : results)?.rows ?? []);
    });
    const submit = query.submit.bind(query);
    query.submit = (messages) => {
      const connection = messages as unknown as PipelineConnection;
      const sync = connection.sync;
      connection.sync = () => {
        connection.parse({ text: 'commit' });
        connection.bind({});
        connection.execute({});
        sync.call(connection);
      };
      try {
        return submit(messages);
      } finally {
        connection.sync = sync;
      }
    };
    client.query(query);
  });
}

/** The messages of node-postgres' connection that the pipeline sends (its types are older). */
interface PipelineConnection {
  parse(message: { text: string }): void;
  bind(message: object): void;
  execute(message: object): void;
  sync(): void;
}

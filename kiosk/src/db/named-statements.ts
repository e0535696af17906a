import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * At most this many statement texts get a name. Texts with a list of values (`in ($1, $2)`)
 * vary with its length, and each name costs every connection a prepared statement.
 */
const NAMED_TEXTS = 400;
const names = new Map<string, string>();

/**
 * node-postgres sends a statement unnamed unless told otherwise, and PostgreSQL then parses,
 * analyses and plans it on every call; for the kiosk's larger statements (a game with its
 * players and log as JSON, a new order with its lines) that cost more than running them. Their
 * text is fixed (the values are parameters), so each gets a name from its text: PostgreSQL
 * prepares it once per connection and keeps it, and node-postgres sends only Bind and Execute
 * after the first time. Statements without parameters (`begin`, `commit`, a migration) stay
 * as they are: node-postgres sends those as simple queries, which may hold several statements.
 */
export function named(config: pg.QueryConfig): pg.QueryConfig {
  if (config.name || !config.values?.length) return config;
  const name = nameOf(config.text);
  return name === undefined ? config : { ...config, name };
}

/** The statement name of a text, the same on every connection; none past `NAMED_TEXTS`. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMED_TEXTS) return undefined;
    name = `club_${names.size}`;
    names.set(text, name);
  }
  return name;
}

type Query = (config: pg.QueryConfig | string, values?: unknown[]) => unknown;

/** `query` as the client's, naming each statement (`named`). */
function namingQuery(query: Query): Query {
  return (config, values) =>
    typeof config === 'string' || typeof (config as { submit?: unknown }).submit === 'function'
      ? query(config, values)
      : query(named({ ...config, values: values ?? config.values }));
}

/**
 * The pool, and each client it lends, naming their statements (`named`). Drizzle takes it for
 * the pool it is (it asks `instanceof Pool` to lend a client for a transaction).
 */
export function namingStatements(pool: pg.Pool): pg.Pool {
  const clients = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const wrapClient = (client: pg.PoolClient) => {
    let wrapped = clients.get(client);
    if (!wrapped) {
      const query = namingQuery(client.query.bind(client) as Query);
      wrapped = new Proxy(client, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) });
      clients.set(client, wrapped);
    }
    return wrapped;
  };
  const query = namingQuery(pool.query.bind(pool) as Query);
  const connect = async () => wrapClient(await pool.connect());
  return new Proxy(pool, {
    get: (target, key) => (key === 'query' ? query : key === 'connect' ? connect : Reflect.get(target, key)),
  });
}

type PgliteQuery = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const { serialize } = protocol;

const joined = (...messages: Uint8Array[]): Uint8Array => {
  const all = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    all.set(m, at);
    at += m.length;
  }
  return all;
};

/**
 * `client` naming its statements, as `named` does on PostgreSQL. PGlite sends
 * every statement unnamed, in six calls into the engine (parse, describe, bind, describe,
 * execute, sync), and PostgreSQL parses and plans it on each: for the join's reads that was
 * 1.1 of 1.3 ms. A named statement is parsed once (in one call with its describe), PostgreSQL
 * keeps its plan once a generic one is as good, and each call after is one message of bind,
 * describe, execute and sync. The database has one connection, so each statement is prepared
 * once for the process. Unlike node-postgres, PGlite sends a statement without parameters the
 * same way (one statement, parsed and planned each time), so those are named too (PGlite
 * begins and commits its transactions by another way).
 */
export function namingPglite(client: PGlite): PGlite {
  // each prepared text's parameter types, as PostgreSQL inferred them: each value is written for its type
  const prepared = new Map<string, number[]>();

  const prepare = async (name: string, text: string, options: QueryOptions | undefined): Promise<number[]> => {
    const { messages } = await client.execProtocol(
      joined(
        serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    prepared.set(text, types);
    return types;
  };

  // the caller holds the database (PGlite's query lock) while this runs
  const run = async <T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined) => {
    const types = prepared.get(text) ?? (await prepare(name, text, options));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] ?? 0;
      const write = options?.serializers?.[type] ?? client.serializers[type];
      return write ? write(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      joined(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  };

  // a statement reading from or writing to a file (`/dev/blob`) goes PGlite's own way
  const nameFor = (text: string, options: QueryOptions | undefined) => (options?.blob ? undefined : nameOf(text));

  const query: PgliteQuery = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = nameFor(text, options);
    if (name === undefined) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run<T>(name, text, params ?? [], options);
        await client.syncToFs();
        return result;
      }),
    );
  };

  const inTransaction = (tx: Transaction): Transaction => {
    const txQuery: PgliteQuery = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      const name = nameFor(text, options);
      if (name === undefined) return tx.query<T>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => run<T>(name, text, params ?? [], options));
    };
    return new Proxy(tx, { get: (target, key) => (key === 'query' ? txQuery : Reflect.get(target, key)) });
  };

  const transaction = <T>(work: (tx: Transaction) => Promise<T>) => client.transaction((tx) => work(inTransaction(tx)));

  return new Proxy(client, {
    get: (target, key) => {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      // PGlite's methods read its private fields, which only the client itself has
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

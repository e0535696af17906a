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
  let name = names.get(config.text);
  if (name === undefined) {
    if (names.size >= NAMED_TEXTS) return config;
    name = `club_${names.size}`;
    names.set(config.text, name);
  }
  return { ...config, name };
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

import pg from 'pg';

/** Whether this gateway is the one that ticks (DESIGN §5: one ticker across the cluster). */
export interface Leader {
  isLeader(): boolean;
  close(): Promise<void>;
}

/** A single gateway always leads. */
export const soleLeader: Leader = { isLeader: () => true, close: async () => {} };

/** `hashtext('club.realtime.ticker')`-like constant: the advisory lock key of the ticker. */
export const TICKER_LOCK_KEY = 727_001;

/**
 * Leader election over PostgreSQL: whoever holds the session advisory lock leads. The lock
 * lives as long as the holder's connection, so a killed gateway frees it and another one
 * takes over at its next try (`retryMs`).
 */
export function createPgLeader(options: {
  connectionString: string;
  retryMs?: number;
  onChange?: (leading: boolean) => void;
  onError?: (error: unknown) => void;
}): Leader {
  let client: pg.Client | undefined;
  let leading = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const set = (value: boolean) => {
    if (value !== leading) {
      leading = value;
      options.onChange?.(value);
    }
  };

  async function attempt() {
    if (closed) return;
    try {
      if (leading && client) {
        // still connected, so still holding the lock
        await client.query('select 1');
        return;
      }
      if (!client) {
        const c = new pg.Client({ connectionString: options.connectionString });
        c.on('error', (error) => {
          options.onError?.(error);
          if (client === c) client = undefined;
          set(false);
        });
        c.on('end', () => {
          if (client === c) client = undefined;
          set(false);
        });
        await c.connect();
        client = c;
      }
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [TICKER_LOCK_KEY]);
      set(rows[0]?.ok === true);
    } catch (error) {
      options.onError?.(error);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
      set(false);
    }
  }

  const loop = () => {
    timer = setTimeout(async () => {
      await attempt();
      if (!closed) loop();
    }, options.retryMs ?? 1000);
    timer.unref();
  };
  void attempt().then(() => {
    if (!closed) loop();
  });

  return {
    isLeader: () => leading && !closed,
    async close() {
      closed = true;
      clearTimeout(timer);
      leading = false;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/**
 * A thin fetch client for the kiosk API that tells apart the three outcomes a crash drill
 * cares about: answered (ok), refused with an error key, and unreachable — where a write
 * may or may not have happened, so the caller must read the truth back instead of retrying.
 */

export type Json = Record<string, unknown>;

export class Refused extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly key: string,
    readonly body: Json,
  ) {
    super(`${path} → ${status} ${key} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/** The request got no answer: the server was down or died while handling it. */
export class Unreachable extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`${path}: no answer (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Api {
  base: string;
  get<T = Json>(path: string, token?: string): Promise<T>;
  post<T = Json>(path: string, body: unknown, token?: string): Promise<T>;
  /** how many requests were answered, refused and lost */
  counts: { ok: number; refused: number; unreachable: number };
}

export function createApi(base: string, options: { readRetryMs?: number } = {}): Api {
  const counts = { ok: 0, refused: 0, unreachable: 0 };
  async function once(method: string, path: string, body: unknown, token?: string): Promise<Json> {
    let res: Response;
    let json: Json;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      json = (await res.json()) as Json;
    } catch (error) {
      counts.unreachable++;
      throw new Unreachable(path, error);
    }
    if (!res.ok || json.success !== true) {
      counts.refused++;
      throw new Refused(path, res.status, String(json.message ?? ''), json);
    }
    counts.ok++;
    return json;
  }
  return {
    base,
    counts,
    // reads change nothing, so they wait for the server to come back (a restart) and retry
    async get<T>(path: string, token?: string) {
      const until = Date.now() + (options.readRetryMs ?? 120_000);
      for (;;) {
        try {
          return (await once('GET', path, undefined, token)) as T;
        } catch (error) {
          const down = error instanceof Unreachable || (error instanceof Refused && error.status === 503);
          if (!down || Date.now() > until) throw error;
          await sleep(200);
        }
      }
    },
    async post<T>(path: string, body: unknown, token?: string) {
      return (await once('POST', path, body, token)) as T;
    },
  };
}

/** The error key of a refusal, or null for anything else. */
export const refusalKey = (error: unknown): string | null => (error instanceof Refused ? error.key : null);

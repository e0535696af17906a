import { skewFrom } from '@club/shared/clock';
import type { ErrorKey } from '@club/shared/errors';
import { ROUTES } from '@club/shared/routes';
import type { output, ZodType } from 'zod';
import type { CheckResult } from './schema-checks.ts';

/** A failed call: HTTP status, the catalogue key (`error.*`) if the answer had one, field rules. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: ErrorKey | undefined;
  readonly fields: Record<string, string>;
  constructor(status: number, key: ErrorKey | undefined, fields: Record<string, string> = {}) {
    super(key ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.fields = fields;
  }
}

/** The call never got an answer (offline, server down, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('error.network', { cause });
    this.name = 'NetworkError';
  }
}

export const PROFILE_PATH = '/v1/user/profile';
/** SPEC §8: `error.auth_required` sends the person to the login page after one second. */
export const AUTH_REDIRECT_DELAY_MS = 1000;

export interface ApiClientDeps {
  /**
   * Which login this is: it changes at every login and logout. A refusal of a call made
   * under an earlier one says nothing of the login now (a read sent before logging in,
   * answered after it) and never ends it.
   */
  loginEpoch?(): number;
  /** forgets the login (the `logged_in` cookie) and cached server data */
  clearSession(): void;
  navigate(path: string, options?: { replace?: boolean; state?: unknown }): void;
  currentPath(): string;
  /** shows the refusal as an error toast, in words */
  notifyError(error: ApiError): void;
  log(message: string, detail?: unknown): void;
  fetch?: typeof fetch;
  /**
   * A read of this URL that the page already started (the first screen's, index.html's
   * preload script), handed out once: the first identical GET waits for it instead of asking.
   */
  firstRead?(url: string): Promise<Response> | undefined;
  /**
   * Checks an answer against its lazy schema, by the schema's name (`LazySchema.name`), off
   * the page's thread (lib/checks.ts): loading zod and building the schemas is long work on a
   * slow phone. Without it, lazy schemas are loaded and checked on this thread.
   */
  check?(schema: string, answer: unknown): Promise<CheckResult>;
  /**
   * Resolves once a first read's check may run: its answer is shown as it came, and the
   * first render does not wait for the check, nor share the phone's network with its code.
   */
  firstScreenUp?(): Promise<void>;
  setTimeout?: (fn: () => void, ms: number) => unknown;
}

/**
 * An answer's schema that is loaded with the first call that needs it: the schemas bring zod,
 * which a screen does not need for its first render, so the player's screens fetch theirs with
 * the first call (in parallel with it) instead of in the first download. Its name is its
 * export's in an `answers.ts` module, by which the checks' worker knows it too.
 */
export interface LazySchema<T> {
  readonly name: string;
  load(): Promise<ZodType<T>>;
}

/** The schema `name` of the module `load` imports (an `answers.ts`), loaded when first needed. */
export function lazySchema<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazySchema<M[K] extends ZodType ? output<M[K]> : never> {
  return {
    name,
    load: () => load().then((module) => module[name] as ZodType<M[K] extends ZodType ? output<M[K]> : never>),
  };
}

export type AnswerSchema<T> = ZodType<T> | LazySchema<T>;

const isLazy = <T>(schema: AnswerSchema<T>): schema is LazySchema<T> => 'load' in schema;

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** the server's clock minus ours, in ms, from the last answer's `server_time` */
  skewMs(): number;
  /** now on the server's clock */
  serverNow(): number;
  /**
   * The kiosk's sequence number every answer so far holds every change up to (the lowest
   * `read_seq` seen); undefined before the first answer, or once one did not say. A live room
   * that heard nothing newer need not make the screens read again (DESIGN.md §5).
   */
  readsHold(): number | undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The catalogue key of a refusal (`message`). The kiosk answers with no other (`AppError`
 * takes an `ErrorKey`); the list itself is not checked here, as it would bring zod into the
 * first download, so a key is taken by its shape.
 */
export function errorKeyOf(json: unknown): ErrorKey | undefined {
  return isRecord(json) && typeof json.message === 'string' && /^error\.[a-z0-9_]+$/.test(json.message)
    ? (json.message as ErrorKey)
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one way the web app talks to the kiosk API. The login rides along as the browser's
 * HttpOnly session cookie (same origin), which no script here sees; the client keeps the
 * clock skew and handles every failure as SPEC §8 says, in one place.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let skew = 0;
  /** the lowest `read_seq` of the answers so far; null once an answer had none */
  let held: number | null | undefined;

  const epochNow = () => deps.loginEpoch?.() ?? 0;

  function fail(method: string, path: string, error: ApiError | NetworkError, epoch: number): never {
    deps.log(`${method} ${path} failed`, error);
    if (error instanceof NetworkError) {
      const from = deps.currentPath();
      // already there: keep the page the person came from
      if (!from.startsWith(ROUTES.networkError)) deps.navigate(ROUTES.networkError, { state: { from } });
      throw error;
    }
    const refusedLogin =
      error.key === 'error.auth_required' || (path === PROFILE_PATH && error.key === 'error.user_not_found');
    // the person logged in or out since: the answer was about a login that is gone
    if (refusedLogin && epoch !== epochNow()) throw error;
    deps.notifyError(error);
    if (refusedLogin && path === PROFILE_PATH) {
      deps.clearSession();
      deps.navigate(ROUTES.login, { replace: true });
    } else if (error.key === 'error.auth_required') {
      later(() => {
        if (epoch !== epochNow()) return;
        deps.clearSession();
        deps.navigate(ROUTES.login, { replace: true, state: { from: deps.currentPath() } });
      }, AUTH_REDIRECT_DELAY_MS);
    }
    throw error;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions<T> = {}): Promise<T> {
    let url = path;
    if (options.query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query)) {
        if (value !== undefined && value !== '') params.set(key, String(value));
      }
      const qs = params.toString();
      if (qs) url += `?${qs}`;
    }
    const epoch = epochNow();
    const headers: Record<string, string> = { accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (options.signal) init.signal = options.signal;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body ?? {});
    }

    const started = method === 'GET' ? deps.firstRead?.(url) : undefined;
    const lazy = options.schema && isLazy(options.schema) ? options.schema : undefined;
    const check = lazy ? deps.check : undefined;
    const checkLater = started && lazy ? deps.firstScreenUp : undefined;
    const given = check || checkLater ? undefined : options.schema;
    const schema = !given ? undefined : isLazy(given) ? given.load() : given;
    // a failed load is reported where the schema is needed, not as an unhandled rejection
    if (schema instanceof Promise) schema.catch(() => undefined);

    let response: Response;
    try {
      response = await (started ?? doFetch(url, init));
      options.signal?.throwIfAborted();
    } catch (error) {
      if (isAbort(error)) throw error;
      return fail(method, path, new NetworkError(error), epoch);
    }

    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      if (isAbort(error)) throw error;
      json = undefined;
    }
    if (isRecord(json) && typeof json.server_time === 'string') skew = skewFrom(json.server_time);

    if (method === 'POST' && isRecord(json) && json.success === false) {
      deps.log(`POST ${path} answered success: false`, json);
    }
    if (response.ok && isRecord(json) && json.success === true) {
      const seq = json.read_seq;
      held = typeof seq !== 'number' || held === null ? null : Math.min(held ?? seq, seq);
    }
    if (!response.ok || !isRecord(json) || json.success === false) {
      const fields = isRecord(json) && isRecord(json.errors) ? (json.errors as Record<string, string>) : {};
      return fail(method, path, new ApiError(response.status, errorKeyOf(json), fields), epoch);
    }
    // a mismatch keeps working with what came, but says so: the contract and the server disagree
    const mismatch = (issues: unknown) => deps.log(`${method} ${path} answered an unexpected shape`, issues);
    const checked = (loaded: ZodType<T>): T => {
      const parsed = loaded.safeParse(json);
      if (parsed.success) return parsed.data;
      mismatch(parsed.error);
      return json as T;
    };
    /** checked by the schema's name off the page's thread, or with the schema loaded here */
    const checkLazy = async (named: LazySchema<T>): Promise<T> => {
      if (!check) return checked(await named.load());
      const result = await check(named.name, json);
      if (result.ok) return result.data as T;
      mismatch(result.issues);
      return json as T;
    };
    if (lazy && checkLater) {
      void checkLater()
        .then(() => checkLazy(lazy))
        .catch(() => undefined);
      return json as T;
    }
    if (lazy && check) return checkLazy(lazy);
    if (schema) {
      let loaded: ZodType<T>;
      try {
        loaded = await schema;
      } catch (error) {
        return fail(method, path, new NetworkError(error), epoch);
      }
      return checked(loaded);
    }
    return json as T;
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    skewMs: () => skew,
    serverNow: () => Date.now() + skew,
    readsHold: () => held ?? undefined,
  };
}

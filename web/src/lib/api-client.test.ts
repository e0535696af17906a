import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient, lazySchema, NetworkError, PROFILE_PATH } from './api-client.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

function baseDeps(): ApiClientDeps {
  return { clearSession: vi.fn(), navigate: vi.fn(), currentPath: () => '/', notifyError: vi.fn(), log: vi.fn() };
}

function setup(respond: (url: string, init?: RequestInit) => Promise<Response> | Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => respond(String(input), init));
  const deps = {
    clearSession: vi.fn(),
    navigate: vi.fn(),
    currentPath: vi.fn(() => '/shop'),
    notifyError: vi.fn(),
    log: vi.fn(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  } satisfies ApiClientDeps;
  return { api: createApiClient(deps), deps, fetch };
}

describe('api client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers the body; the login is the browser’s session cookie, never a header', async () => {
    const { api, fetch } = setup(() => json(200, { success: true, user: { id: 1 } }));
    await expect(api.get('/v1/user/1')).resolves.toEqual({ success: true, user: { id: 1 } });
    const init = fetch.mock.calls[0]?.[1];
    expect(headersOf(init).authorization).toBeUndefined();
    expect(init?.credentials).toBe('same-origin');
  });

  it('knows what every answer so far holds: the lowest read_seq, and nothing once one did not say', async () => {
    const answers: Record<string, () => Response> = {
      '/v1/a': () => json(200, { success: true, read_seq: 40 }),
      '/v1/b': () => json(200, { success: true, read_seq: 37 }),
      '/v1/c': () => json(200, { success: true, read_seq: 45 }),
      '/v1/refused': () => json(409, { success: false, message: 'error.conflict', read_seq: 1 }),
      '/v1/unstamped': () => json(200, { success: true }),
    };
    const { api } = setup((url) => answers[url]!());
    expect(api.readsHold()).toBeUndefined();
    await api.get('/v1/a');
    expect(api.readsHold()).toBe(40);
    await api.get('/v1/b');
    await api.get('/v1/c');
    expect(api.readsHold()).toBe(37);
    // a refusal holds no data: it changes nothing
    await api.get('/v1/refused').catch(() => undefined);
    expect(api.readsHold()).toBe(37);
    // an answer that does not say what it holds could hold anything
    await api.get('/v1/unstamped');
    expect(api.readsHold()).toBeUndefined();
    await api.get('/v1/a');
    expect(api.readsHold()).toBeUndefined();
  });

  it('sends JSON bodies on POST', async () => {
    const { api, fetch } = setup(() => json(200, { success: true }));
    await api.post('/v1/auth/login', { body: { email: 'a@b.no', password: 'x' } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(headersOf(init)['content-type']).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.no', password: 'x' }));
  });

  it('builds the query string and leaves out empty values', async () => {
    const { api, fetch } = setup(() => json(200, { success: true, data: [] }));
    await api.get('/v1/user/all', { query: { page: 2, user: '', other: undefined } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/v1/user/all?page=2');
  });

  it('answers the first identical GET with the read the page started, then asks again', async () => {
    const { deps, fetch } = setup(() => json(200, { success: true, table: { id: 1, name: 'fresh' } }));
    const started = new Map([
      ['/v1/table/1', Promise.resolve(json(200, { success: true, table: { id: 1, name: 'early' } }))],
    ]);
    const firstRead = vi.fn((url: string) => {
      const read = started.get(url);
      started.delete(url);
      return read;
    });
    const client = createApiClient({ ...deps, firstRead });
    await expect(client.get('/v1/table/1')).resolves.toEqual({ success: true, table: { id: 1, name: 'early' } });
    expect(fetch).not.toHaveBeenCalled();
    await expect(client.get('/v1/table/1')).resolves.toEqual({ success: true, table: { id: 1, name: 'fresh' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    // a write never takes a read's answer
    await client.post('/v1/table/1');
    expect(firstRead).toHaveBeenCalledTimes(2);
  });

  it('fails an early read like its own: the error answer is handled the same way', async () => {
    const { deps, fetch } = setup(() => json(200, { success: true }));
    const client = createApiClient({
      ...deps,
      firstRead: () => Promise.resolve(json(404, { success: false, message: 'error.table_not_found' })),
    });
    await expect(client.get('/v1/table/9')).rejects.toMatchObject({ status: 404, key: 'error.table_not_found' });
    expect(deps.notifyError).toHaveBeenCalledWith(expect.objectContaining({ key: 'error.table_not_found' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the clock skew from server_time', async () => {
    vi.setSystemTime(new Date('2026-01-01T12:00:00.000Z'));
    const { api } = setup(() => json(200, { success: true, server_time: '2026-01-01T12:00:05.000Z' }));
    await api.get('/v1/health');
    expect(api.skewMs()).toBe(5000);
    expect(api.serverNow()).toBe(Date.parse('2026-01-01T12:00:05.000Z'));
  });

  it('§8: a network error goes to /network-error and is logged', async () => {
    const { api, deps } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/v1/user/my-subscriptions')).rejects.toBeInstanceOf(NetworkError);
    expect(deps.navigate).toHaveBeenCalledWith('/network-error', { state: { from: '/shop' } });
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.log).toHaveBeenCalledWith('GET /v1/user/my-subscriptions failed', expect.any(NetworkError));
  });

  it('does not treat a cancelled request as a network error', async () => {
    const { api, deps } = setup(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/v1/user/guests')).rejects.toThrow('aborted');
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.log).not.toHaveBeenCalled();
  });

  it('§8: an answer with a message shows it as an error toast, and logs it', async () => {
    const { api, deps } = setup(() => json(409, { success: false, message: 'error.table_full' }));
    const error = await api.get('/v1/table/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).key).toBe('error.table_full');
    expect((error as ApiError).status).toBe(409);
    expect(deps.notifyError).toHaveBeenCalledWith(expect.objectContaining({ key: 'error.table_full' }));
    expect(deps.log).toHaveBeenCalledWith('GET /v1/table/1 failed', error);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('§8: an answer without a message shows the error code', async () => {
    const { api, deps } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/v1/user/profile-x')).rejects.toBeInstanceOf(ApiError);
    expect(deps.notifyError).toHaveBeenCalledWith(expect.objectContaining({ status: 502 }));
    expect(deps.log).toHaveBeenCalled();
  });

  it('keeps per-field validation rules on the error', async () => {
    const { api } = setup(() =>
      json(422, { success: false, message: 'error.validation_failed', errors: { email: 'validation.email' } }),
    );
    const error = (await api.post('/v1/auth/register').catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ email: 'validation.email' });
  });

  it('§8: error.auth_required goes to /login after 1 second', async () => {
    const { api, deps } = setup(() => json(401, { success: false, message: 'error.auth_required' }));
    await expect(api.get('/v1/user/my-subscriptions')).rejects.toBeInstanceOf(ApiError);
    expect(deps.notifyError).toHaveBeenCalledWith(expect.objectContaining({ key: 'error.auth_required' }));
    vi.advanceTimersByTime(999);
    expect(deps.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.navigate).toHaveBeenCalledWith('/login', { replace: true, state: { from: '/shop' } });
  });

  it.each(['error.user_not_found', 'error.auth_required'])(
    '§8: the profile fetch failing with %s removes the token cookie and goes to /login',
    async (key) => {
      const { api, deps } = setup(() =>
        json(key === 'error.auth_required' ? 401 : 404, { success: false, message: key }),
      );
      await expect(api.get(PROFILE_PATH)).rejects.toBeInstanceOf(ApiError);
      expect(deps.clearSession).toHaveBeenCalledOnce();
      expect(deps.navigate).toHaveBeenCalledWith('/login', { replace: true });
      expect(deps.log).toHaveBeenCalled();
      // and not a second time a second later
      vi.advanceTimersByTime(2000);
      expect(deps.navigate).toHaveBeenCalledOnce();
    },
  );

  it('a refusal of a call sent before logging in does not end the login made since', async () => {
    let epoch = 0;
    let answer: (response: Response) => void = () => undefined;
    const { deps } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    const client = createApiClient({ ...deps, loginEpoch: () => epoch });
    const table = client.get('/v1/table/4');
    table.catch(() => undefined);
    await Promise.resolve();
    // the person logs in while the reads are on their way; the old answers then come
    epoch = 1;
    answer(json(401, { success: false, message: 'error.auth_required' }));
    await expect(table).rejects.toMatchObject({ key: 'error.auth_required' });
    vi.advanceTimersByTime(2000);
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a refusal that comes after the person logged in again does not send them to /login', async () => {
    let epoch = 0;
    const { deps } = setup(() => json(401, { success: false, message: 'error.auth_required' }));
    const client = createApiClient({ ...deps, loginEpoch: () => epoch });
    await expect(client.get('/v1/user/my-subscriptions')).rejects.toBeInstanceOf(ApiError);
    epoch = 1;
    vi.advanceTimersByTime(1000);
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('a profile fetch failing otherwise keeps the login', async () => {
    const { api, deps } = setup(() => json(500, { success: false, message: 'error.internal' }));
    await expect(api.get(PROFILE_PATH)).rejects.toBeInstanceOf(ApiError);
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('§7: a POST answering success: false is logged', async () => {
    const { api, deps } = setup(() => json(200, { success: false, message: 'error.nothing_happened' }));
    await expect(api.post('/v1/user/delete/3')).rejects.toBeInstanceOf(ApiError);
    expect(deps.log).toHaveBeenCalledWith('POST /v1/user/delete/3 answered success: false', {
      success: false,
      message: 'error.nothing_happened',
    });
    expect(deps.notifyError).toHaveBeenCalledWith(expect.objectContaining({ key: 'error.nothing_happened' }));
  });

  it('checks the answer against a schema and logs a mismatch without failing', async () => {
    const { api, deps } = setup(() => json(200, { success: true, user: 'nope' }));
    const { z } = await import('zod');
    const answer = await api.get('/v1/user/1', { schema: z.object({ success: z.literal(true), user: z.object({}) }) });
    expect(answer).toEqual({ success: true, user: 'nope' });
    expect(deps.log).toHaveBeenCalledWith('GET /v1/user/1 answered an unexpected shape', expect.anything());
  });

  it('checks an answer with a lazy schema by its name where `check` says, without loading the schema here', async () => {
    const fetch = vi.fn(async () => json(200, { success: true, user: { id: 1 }, extra: 'x' }));
    const check = vi.fn(async (_schema: string, answer: unknown) => ({
      ok: true as const,
      data: { ...(answer as object), checked: true },
    }));
    const load = vi.fn(async () => ({
      ZUserAnswer: (await import('zod')).z.object({ success: (await import('zod')).z.literal(true) }),
    }));
    const log = vi.fn();
    const api = createApiClient({ ...baseDeps(), fetch: fetch as unknown as typeof globalThis.fetch, check, log });
    await expect(api.get('/v1/user/1', { schema: lazySchema(load, 'ZUserAnswer') })).resolves.toMatchObject({
      checked: true,
    });
    expect(check).toHaveBeenCalledWith('ZUserAnswer', { success: true, user: { id: 1 }, extra: 'x' });
    expect(load).not.toHaveBeenCalled();

    check.mockResolvedValueOnce({ ok: false, issues: 'user: expected object' } as never);
    await expect(api.get('/v1/user/1', { schema: lazySchema(load, 'ZUserAnswer') })).resolves.toMatchObject({
      extra: 'x',
    });
    expect(log).toHaveBeenCalledWith('GET /v1/user/1 answered an unexpected shape', 'user: expected object');
  });

  it('shows a first read as it came and checks it once the first screen is up', async () => {
    let up: () => void = () => undefined;
    const firstScreenUp = () => new Promise<void>((resolve) => (up = resolve));
    const check = vi.fn(async () => ({ ok: false as const, issues: 'tables: expected array' }));
    const log = vi.fn();
    const early = json(200, { success: true, data: 'nope' });
    const api = createApiClient({
      ...baseDeps(),
      firstRead: (url) => (url === '/v1/table/all' ? Promise.resolve(early) : undefined),
      check,
      firstScreenUp,
      log,
    });
    const load = async () => ({ ZTablesAnswer: (await import('zod')).z.object({}) });
    await expect(api.get('/v1/table/all', { schema: lazySchema(load, 'ZTablesAnswer') })).resolves.toEqual({
      success: true,
      data: 'nope',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(check).not.toHaveBeenCalled();
    up();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledWith('ZTablesAnswer', { success: true, data: 'nope' });
    expect(log).toHaveBeenCalledWith('GET /v1/table/all answered an unexpected shape', 'tables: expected array');
  });
});

describe('api client on the network error page', () => {
  it('does not navigate again, so that "try again" returns where the person was', async () => {
    const deps = {
      clearSession: vi.fn(),
      navigate: vi.fn(),
      currentPath: () => '/network-error',
      notifyError: vi.fn(),
      log: vi.fn(),
      fetch: (() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch,
    } satisfies ApiClientDeps;
    await expect(createApiClient(deps).get('/v1/user/profile')).rejects.toBeInstanceOf(NetworkError);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.log).toHaveBeenCalled();
  });
});

import { AppError } from '@club/shared/errors';
import {
  GATEWAY_AUTH_SCHEME,
  type TKioskRead,
  type TKioskReadBody,
  type TKioskSnapshot,
  ZKioskRead,
  ZKioskSnapshot,
} from '@club/shared/realtime';
import { z } from '@club/shared/zod';

/** Who a handshake token belongs to, as the kiosk says. */
export interface SocketUser {
  id: number;
  is_admin: boolean;
  role_id: number;
}

/** The gateway's only window on the kiosk: reads, never writes (DESIGN §2). */
export interface KioskClient {
  /** with `after`, also the order and notification events since that sequence number */
  snapshot(after?: number): Promise<TKioskSnapshot>;
  read(ids: TKioskReadBody): Promise<TKioskRead>;
  /** the user of a bearer token, or null when the kiosk refuses it */
  profile(token: string): Promise<SocketUser | null>;
  /** the kiosk's clock minus ours, from the last answer's `server_time` (ms) */
  skewMs(): number;
}

/** The kiosk did not answer, or not as it does: a catalogue error (503), whatever the detail. */
export class KioskUnavailable extends AppError {
  constructor(detail: string) {
    super('error.service_unavailable');
    this.cause = detail;
  }
}

const ZProfile = z.object({
  success: z.literal(true),
  user: z.object({ id: z.number().int(), is_admin: z.boolean(), role_id: z.number().int() }).passthrough(),
});

/**
 * Talks to the kiosk API over HTTP (split deployment), or in-process when given the kiosk
 * app's own `fetch` (embedded): the same requests either way.
 */
export function createKioskClient(options: {
  baseUrl: string;
  secret: string;
  fetch?: (url: string, init: RequestInit) => Promise<Response> | Response;
  timeoutMs?: number;
  /** estimate the kiosk's clock skew from its answers (split deployment) */
  trackSkew?: boolean;
}): KioskClient {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const gatewayAuth = `${GATEWAY_AUTH_SCHEME} ${options.secret}`;
  let skew = 0;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const sent = Date.now();
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    } catch (error) {
      throw new KioskUnavailable(`kiosk unreachable: ${String(error)}`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new KioskUnavailable(`kiosk answered ${res.status} with non-JSON`);
    }
    if (options.trackSkew && typeof body === 'object' && body && 'server_time' in body) {
      const server = Date.parse(String(body.server_time));
      const received = Date.now();
      // the server read its clock about halfway through the round trip
      if (!Number.isNaN(server)) skew = Math.round(server - (sent + received) / 2);
    }
    return { status: res.status, body };
  }

  async function gatewayCall<T>(path: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
    const { status, body } = await call(path, {
      ...init,
      headers: { ...init.headers, authorization: gatewayAuth },
    });
    if (status !== 200) throw new KioskUnavailable(`kiosk answered ${status} to ${path}`);
    return schema.parse(body);
  }

  return {
    snapshot: (after) =>
      gatewayCall(`/v1/realtime/snapshot${after === undefined ? '' : `?after=${after}`}`, ZKioskSnapshot),
    read: (ids) =>
      gatewayCall('/v1/realtime/read', ZKioskRead, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ids),
      }),
    async profile(token) {
      const { status, body } = await call('/v1/user/profile', { headers: { authorization: `Bearer ${token}` } });
      if (status === 401 || status === 403 || status === 404) return null;
      if (status !== 200) throw new KioskUnavailable(`kiosk answered ${status} to the profile`);
      const { user } = ZProfile.parse(body);
      return { id: user.id, is_admin: user.is_admin, role_id: user.role_id };
    },
    skewMs: () => skew,
  };
}

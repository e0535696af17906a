import { z } from 'zod';

const url = (protocols: RegExp) => z.url({ protocol: protocols });
const int = (min: number, max: number) => z.coerce.number<unknown>().int().min(min).max(max);

/** The standalone gateway's environment (DESIGN §3), checked once at start. */
const ZGatewayEnv = z.object({
  PORT: int(0, 65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  /** the kiosk API the gateway reads (snapshots, changes, tokens) */
  KIOSK_URL: url(/^https?$/),
  /** HMAC key of kiosk → gateway events, and the gateway's key to the kiosk's realtime reads */
  GATEWAY_SECRET: z.string().min(16),
  /** PostgreSQL: gateways join through @socket.io/postgres-adapter and elect one ticker */
  DATABASE_URL: url(/^postgres(ql)?$/).optional(),
  REALTIME_SOURCE: z.enum(['webhook', 'poll']).default('webhook'),
  POLL_INTERVAL_MS: int(100, 600_000).default(1000),
  /** the app's public origin: browsers on it may open sockets (besides the request's own host) */
  PUBLIC_URL: url(/^https?$/).optional(),
  /** more allowed origins, comma-separated */
  ALLOWED_ORIGINS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url(/^https?$/)))
    .optional(),
  TICK_INTERVAL_MS: int(20, 5000).default(250),
  AUTH_TTL_MS: int(0, 60_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type GatewayConfig = z.infer<typeof ZGatewayEnv>;

export class ConfigError extends Error {}

/** A bad value stops start-up with one line naming the variables (never echoing a secret). */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZGatewayEnv.safeParse(present);
  if (parsed.success) return parsed.data;
  const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
  const why = (name: string) => {
    const issue = parsed.error.issues.find((i) => i.path[0] === name)!;
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
    if (issue.code === 'invalid_value') return `expected one of ${issue.values.join('|')}`;
    if (issue.code === 'invalid_format') return `expected ${issue.format}`;
    if (issue.code === 'too_small') return `too small (min ${issue.minimum})`;
    if (issue.code === 'too_big') return `too big (max ${issue.maximum})`;
    return 'invalid';
  };
  throw new ConfigError(`Invalid configuration: ${names.map((n) => `${n} (${why(n)})`).join(', ')}`);
}

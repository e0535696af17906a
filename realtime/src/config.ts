import { SECRET_ADVICE, secretWeakness } from '@club/shared/secret-strength';
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
  /** unexpected errors are reported there (the kiosk's own variable) */
  SENTRY_DSN: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});
export type GatewayConfig = z.infer<typeof ZGatewayEnv>;
/** every variable the gateway reads (.env.example documents each) */
export const GATEWAY_CONFIG_VARIABLES = Object.keys(ZGatewayEnv.shape);

export class ConfigError extends Error {}

/**
 * DESIGN §10 for the gateway: its key opens the kiosk's realtime reads (every order and
 * notification) and signs the events it accepts, and browsers reach it at PUBLIC_URL.
 */
function productionRefusals(config: GatewayConfig): string[] {
  const refusals: string[] = [];
  const weakness = secretWeakness(config.GATEWAY_SECRET);
  if (weakness) refusals.push(`GATEWAY_SECRET (${weakness}; ${SECRET_ADVICE})`);
  if (!config.PUBLIC_URL) refusals.push('PUBLIC_URL (unset: set the https address players open)');
  else if (new URL(config.PUBLIC_URL).protocol !== 'https:') refusals.push('PUBLIC_URL (must be an https:// address)');
  return refusals;
}

/**
 * A bad value, or with NODE_ENV=production an unsafe one, stops start-up with one line naming
 * the variables (never echoing a secret).
 */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZGatewayEnv.safeParse(present);
  if (parsed.success) {
    const refusals = parsed.data.NODE_ENV === 'production' ? productionRefusals(parsed.data) : [];
    if (refusals.length) throw new ConfigError(`Refusing to start with NODE_ENV=production: ${refusals.join('; ')}`);
    return parsed.data;
  }
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

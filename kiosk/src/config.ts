import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { productionRefusals } from './production/refusals.ts';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
const url = (protocols: RegExp) => z.url({ protocol: protocols }).optional();

/** DESIGN §3: everything the server reads from the environment, checked once at start. */
const ZEnv = z.object({
  PORT: z.coerce.number<unknown>().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url(/^postgres(ql)?$/),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: url(/^smtps?$/),
  MAIL_FROM: z.string().min(3).default('Cue Club <no-reply@cueclub.local>'),
  CLUB_NAME: z.string().min(1).default('Cue Club'),
  /** the club's days and hours in reports */
  CLUB_TIMEZONE: z
    .string()
    .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC')
    .default('Europe/Oslo'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO: bool,
  VIPPS_BASE_URL: url(/^https?$/),
  VIPPS_CLIENT_ID: z.string().optional(),
  VIPPS_CLIENT_SECRET: z.string().optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
  VIPPS_MSN: z.string().optional(),
  VIPPS_WEBHOOK_SECRET: z.string().optional(),
  /** card payments through Stripe (DESIGN §11); unset = the built-in simulator */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** in production, take payments with a simulator on purpose (staging); warned on every start */
  PAYMENTS_SIMULATOR: bool,
  KIOSK_URL: url(/^https?$/),
  GATEWAY_URL: url(/^https?$/),
  GATEWAY_SECRET: z.string().min(16).optional(),
  REALTIME_SOURCE: z.enum(['webhook', 'poll']).default('webhook'),
  POLL_INTERVAL_MS: z.coerce.number<unknown>().int().min(100).max(600000).default(1000),
  SENTRY_DSN: z.url().optional(),
  METRICS_TOKEN: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TEST_CLOCK: bool,
  TRUST_PROXY: bool,
  /** attempts per window for login, register and password reset (per address and per e-mail) */
  AUTH_RATE_LIMIT: z.coerce.number<unknown>().int().min(1).default(10),
  AUTH_RATE_WINDOW_MS: z.coerce
    .number<unknown>()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
});

export type Env = z.infer<typeof ZEnv>;
/** every variable the kiosk reads (.env.example documents each) */
export const CONFIG_VARIABLES = Object.keys(ZEnv.shape);
export type Config = Env & { publicUrl: string; uploadDir: string };

export class ConfigError extends Error {}

/**
 * Reads and checks the environment. A bad value stops start-up with one line naming the
 * variables; secrets are never echoed. With NODE_ENV=production, whatever is unsafe for real
 * players and money (DESIGN §10) stops it the same way, every such variable on that line.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    throw new ConfigError(
      `Invalid configuration: ${names.map((n) => `${n} (${describe(parsed.error, n)})`).join(', ')}`,
    );
  }
  const cfg = parsed.data;
  if (cfg.NODE_ENV === 'production') {
    const refusals = productionRefusals(cfg);
    if (refusals.length) throw new ConfigError(`Refusing to start with NODE_ENV=production: ${refusals.join('; ')}`);
  }
  if (cfg.GATEWAY_URL && !cfg.GATEWAY_SECRET) {
    throw new ConfigError('Invalid configuration: GATEWAY_SECRET (required with GATEWAY_URL: it signs the events)');
  }
  if (Boolean(cfg.ADMIN_EMAIL) !== Boolean(cfg.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD (set both or neither)');
  }
  return {
    ...cfg,
    publicUrl: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, ''),
    // an in-memory database (tests) keeps its uploads in a temporary folder of its own
    uploadDir:
      cfg.DATA_DIR === 'memory://'
        ? join(tmpdir(), `club-uploads-${process.pid}-${Date.now()}`)
        : join(cfg.DATA_DIR, 'uploads'),
  };
}

function describe(error: z.ZodError, name: string): string {
  const issue = error.issues.find((i) => i.path[0] === name);
  if (!issue) return 'invalid';
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.join('|')}`;
  if (issue.code === 'invalid_format') return `expected ${issue.format}`;
  if (issue.code === 'too_small') return `too small (min ${issue.minimum})`;
  if (issue.code === 'too_big') return `too big (max ${issue.maximum})`;
  return 'invalid';
}

import { z } from 'zod';

/** `DATA_DIR` for an embedded database kept in memory, its uploads in a temporary folder */
export const IN_MEMORY = 'memory://';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
const url = (protocols: RegExp) => z.url({ protocol: protocols }).optional();

/** DESIGN §3: everything the server reads from the environment, checked once at start. */
export const ZEnv = z.object({
  PORT: z.coerce.number<unknown>().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url(/^postgres(ql)?$/),
  /** a folder, or IN_MEMORY: a database that lives as long as the process (tests) */
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
  /** how long one call to Vipps or Stripe may take before it is given up (a refund's outcome is then unknown: it stays pending) */
  PROVIDER_TIMEOUT_MS: z.coerce.number<unknown>().int().min(100).max(30_000).default(20_000),
  KIOSK_URL: url(/^https?$/),
  GATEWAY_URL: url(/^https?$/),
  GATEWAY_SECRET: z.string().min(16).optional(),
  REALTIME_SOURCE: z.enum(['webhook', 'poll']).default('webhook'),
  POLL_INTERVAL_MS: z.coerce.number<unknown>().int().min(100).max(600000).default(1000),
  /** Web Push (DESIGN §13): the VAPID key pair (base64url, from `npx web-push generate-vapid-keys`) and its contact */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)
    .optional(),
  /**
   * push services a device may name beyond the known ones (FCM, Mozilla, Apple, Microsoft):
   * host names, comma-separated; each also covers its subdomains
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\*?\./, ''),
        )
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/)))
    .optional(),
  /** tests and a push service on this machine only: http, any port and private addresses (refused in production) */
  PUSH_ALLOW_LOCAL: bool,
  /** the club's MQTT broker for table lights and the door relay (DESIGN §14); unset = devices off (the demo: simulated) */
  MQTT_URL: url(/^mqtts?$/),
  MQTT_USERNAME: z.string().min(1).max(200).optional(),
  MQTT_PASSWORD: z.string().min(1).max(200).optional(),
  /** simulated relays on an in-process broker without MQTT_URL: implied by the demo, warned on every production start */
  DEVICES_SIMULATOR: bool,
  /** how long a relay may take to confirm a command before it is shown offline (and a door pulse reported unconfirmed) */
  DEVICE_TIMEOUT_MS: z.coerce.number<unknown>().int().min(50).max(60_000).default(5_000),
  /** how often the lights are checked against play: a game's off delay and a booking's lead end between checks */
  LIGHTS_SWEEP_MS: z.coerce.number<unknown>().int().min(20).max(60_000).default(5_000),
  /** door openings a person may try per window */
  DOOR_RATE_LIMIT: z.coerce.number<unknown>().int().min(1).max(1000).default(5),
  DOOR_RATE_WINDOW_MS: z.coerce.number<unknown>().int().min(1000).max(3_600_000).default(60_000),
  SENTRY_DSN: z.url().optional(),
  METRICS_TOKEN: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TEST_CLOCK: bool,
  /** how many proxies in front append to X-Forwarded-For (0: take the socket's address) */
  TRUST_PROXY: z.coerce.number<unknown>().int().min(0).max(10).default(0),
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

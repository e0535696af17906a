import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { type Env, IN_MEMORY, ZEnv } from './env-schema.ts';
import { productionRefusals } from './production/refusals.ts';

export type { Env };

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
      cfg.DATA_DIR === IN_MEMORY
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

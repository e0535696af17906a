/** The deployment files as the tests of this folder read them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

export interface ComposeService {
  image?: string;
  build?: { context?: string; target?: string; args?: Record<string, string> } | string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
  read_only?: boolean;
}

export interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** docker-compose.yml with its anchors and merge keys resolved, variables left as written */
export const compose = (): Compose => parse(read('docker-compose.yml'), { merge: true }) as Compose;

/** the container ports a service publishes on the host (`"${HTTP_PORT:-8080}:8080"` → 8080) */
export const publishedPorts = (service: ComposeService) =>
  (service.ports ?? []).map((p) => Number(String(p).split(':').at(-1)?.split('/')[0]));

/**
 * Every schema the checks know by name (`SchemaName` in lib/schema-checks.ts): a room's
 * snapshot, each live event's payload, and every answer schema the `answers.ts` modules export,
 * by its export's name. It is what the checks' worker builds, so it lives with the app, which
 * knows every feature; a name two modules export for different schemas is refused here.
 */
import type { LiveEventName } from '@club/shared/live-events';
import { ZRoomSnapshot, ZServerPayloads } from '@club/shared/realtime';
import type { ZodType } from 'zod';
import type { SchemaName } from '../lib/schema-checks.ts';

const answerModules: Record<string, Record<string, unknown>> = import.meta.glob(
  ['../features/*/api/*answers.ts', '../api/*answers.ts', '../lib/*answers.ts'],
  { eager: true },
);

const isSchema = (value: unknown): value is ZodType =>
  typeof value === 'object' && value !== null && typeof (value as Partial<ZodType>).safeParse === 'function';

function answersByName(): Map<string, ZodType> {
  const byName = new Map<string, ZodType>();
  for (const [module, exports] of Object.entries(answerModules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isSchema(value)) continue;
      const known = byName.get(name);
      if (known && known !== value) throw new Error(`two answer schemas are named ${name} (one in ${module})`);
      byName.set(name, value);
    }
  }
  return byName;
}

const answers = answersByName();

/** the answer schemas' names, for tests */
export const ANSWER_NAMES = [...answers.keys()];

export function findSchema(name: SchemaName): ZodType | undefined {
  if (name === 'snapshot') return ZRoomSnapshot;
  if (name.startsWith('event:')) {
    const event = name.slice('event:'.length);
    return Object.hasOwn(ZServerPayloads, event) ? ZServerPayloads[event as LiveEventName] : undefined;
  }
  if (name.startsWith('answer:')) return answers.get(name.slice('answer:'.length));
  return undefined;
}

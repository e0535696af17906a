import { AppError } from '@club/shared/errors';
import { LONE_SURROGATE } from '@club/shared/validation';
import type { MiddlewareHandler } from 'hono';

type Found = { field: string; key: 'validation.text_nul' | 'validation.text' };

/** What no text can store: a NUL byte (PostgreSQL) or half a surrogate pair (not Unicode). */
function unstorable(text: string): Found['key'] | undefined {
  if (text.includes('\u0000')) return 'validation.text_nul';
  if (LONE_SURROGATE.test(text)) return 'validation.text';
  return undefined;
}

/** The first field (dotted path) whose text, or key, no text column or jsonb could store. */
export function unstorableField(value: unknown, path = ''): Found | undefined {
  if (typeof value === 'string') {
    const key = unstorable(value);
    return key ? { field: path || '_', key } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [name, inner] of Object.entries(value)) {
    const at = path ? `${path}.${name}` : name;
    const inKey = unstorable(name);
    if (inKey) return { field: at, key: inKey };
    const found = unstorableField(inner, at);
    if (found) return found;
  }
  return undefined;
}

function parseOrNothing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// how JSON writes the two: `\u0000`, and a surrogate half `\uD800`–`\uDFFF` (a pair is two)
const ESCAPED = /\\u(0000|[dD][89a-fA-F])/;

/**
 * Text no column can store is refused up front, whichever route it reaches and whatever its
 * schema says: a NUL byte (422 `validation.text_nul` on that field) or a lone surrogate
 * (`validation.text`), in any query value or JSON field. Everything else a text may not hold
 * (controls, bidi overrides) is the shared schemas' text rule (`zString`), which forms check
 * before sending too.
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  // A NUL reaches a query only written as %00 (the HTTP parser refuses a raw one, and a
  // surrogate half cannot be percent-encoded UTF-8), and a JSON text only as an escape (JSON
  // has no raw control characters in strings, and UTF-8 cannot carry a lone surrogate): without
  // those, nothing is parsed here; a GET or HEAD has no body to read. Parsing every body twice,
  // and reading and parsing the empty body of a GET, were a tenth of the work of a game's read.
  let found = c.req.url.includes('%00') ? unstorableField(c.req.queries()) : undefined;
  const bodied = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  if (!found && bodied && (c.req.header('content-type') ?? '').includes('application/json')) {
    // read as text first: a signed webhook's signature is over the exact bytes, which a parse
    // and re-serialisation would not keep
    const text = await c.req.text();
    if (ESCAPED.test(text)) found = unstorableField(parseOrNothing(text));
  }
  if (found) throw new AppError('error.validation_failed', { fields: { [found.field]: found.key } });
  await next();
};

import { AppError } from '@club/shared/errors';
import type { MiddlewareHandler } from 'hono';

/** The first field (dotted path) whose text holds a NUL byte, if any. */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithNul(inner, path ? `${path}.${key}` : key);
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

/**
 * PostgreSQL cannot store a NUL byte in text, so one in any query value or JSON field is
 * refused up front (422 `validation.text_nul` on that field), whichever route it reaches;
 * the shared schemas refuse it too, so forms say so before sending.
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  // A NUL reaches a query only written as %00 (the HTTP parser refuses a raw one), and a JSON
  // text only as the escape \u0000 (JSON has no raw control characters in strings): without
  // those, nothing is parsed here; a GET or HEAD has no body to read. Parsing every body twice,
  // and reading and parsing the empty body of a GET, were a tenth of the work of a game's read.
  let field = c.req.url.includes('%00') ? fieldWithNul(c.req.queries()) : undefined;
  const bodied = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  if (!field && bodied && (c.req.header('content-type') ?? '').includes('application/json')) {
    // read as text first: a signed webhook's signature is over the exact bytes, which a parse
    // and re-serialisation would not keep
    const text = await c.req.text();
    if (text.includes('\\u0000')) field = fieldWithNul(parseOrNothing(text));
  }
  if (field) throw new AppError('error.validation_failed', { fields: { [field]: 'validation.text_nul' } });
  await next();
};

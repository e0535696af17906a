/**
 * The checks' worker (lib/schema-checks.ts): builds the schemas and checks what the page
 * sends, one message after another, answering each with its id.
 */
import { type CheckAnswer, type CheckRequest, checkWith } from '../lib/schema-checks.ts';
import { findSchema } from './schema-registry.ts';

// the web app's types describe a window; a dedicated worker's `self` has the same two calls
const answer = (message: CheckAnswer) => self.postMessage(message);

self.addEventListener('message', ({ data: { id, schema, value } }: MessageEvent<CheckRequest>) => {
  const result = checkWith(findSchema, schema, value);
  try {
    answer({ id, ...result });
  } catch (error) {
    // a checked value the page cannot be sent (none of the schemas makes one): say so
    answer({ id, ok: false, issues: `the checked value could not be sent: ${String(error)}` });
  }
});

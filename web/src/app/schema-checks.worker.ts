/**
 * The checks' worker (lib/schema-checks.ts): builds the schemas and checks what the page
 * sends, one message after another, answering each with its id.
 */
import { type CheckAnswer, type CheckRequest, checkWith } from '../lib/schema-checks.ts';
import { findSchema } from './schema-registry.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
  postMessage(answer: CheckAnswer): void;
};

scope.onmessage = ({ data: { id, schema, value } }) => {
  const result = checkWith(findSchema, schema, value);
  try {
    scope.postMessage({ id, ...result });
  } catch (error) {
    // a checked value the page cannot be sent (none of the schemas makes one): say so
    scope.postMessage({ id, ok: false, issues: `the checked value could not be sent: ${String(error)}` });
  }
};

import { checkWith, createSchemaChecks } from './schema-checks.ts';

/**
 * The app's checks of answers and live messages, in their worker (the schemas and the worker
 * are the app's: app/schema-registry.ts knows every feature's answers).
 */
export const schemaChecks = createSchemaChecks({
  worker: () =>
    new Worker(new URL('../app/schema-checks.worker.ts', import.meta.url), { type: 'module', name: 'checks' }),
  local: () =>
    import('../app/schema-registry.ts').then(
      ({ findSchema }) =>
        (schema, value) =>
          checkWith(findSchema, schema, value),
    ),
  log(message, detail) {
    console.warn(`[checks] ${message}`, detail ?? '');
  },
});

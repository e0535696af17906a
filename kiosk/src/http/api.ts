import type { ErrorReports } from '@club/shared/error-reports';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './context.ts';
import { notFound, onError, validationError } from './errors.ts';

/**
 * The API app, before any route: a failed input check is thrown as a 422 with rule keys, and
 * everything thrown is answered by the one error mapping (which reports what it cannot explain).
 */
export function createApi(logger: Logger, reports: ErrorReports): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  app.onError(onError(logger, reports));
  app.notFound(notFound);
  return app;
}

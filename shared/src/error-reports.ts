/**
 * The servers' error reports (kiosk and gateway; Node only, the web app has its own Sentry):
 * an error no catalogue key explains goes to Sentry when SENTRY_DSN is set. A client of its
 * own, not Sentry's global one: no process-wide handlers or tracing are installed, and two
 * servers in one process (the embedded deployment, the tests) each report to their own DSN.
 */
export interface ErrorReports {
  /** Reports an unexpected error with what the server was doing (never a body or a token). */
  report(error: unknown, context: Record<string, string | number | undefined>): void;
  /** Sends what is queued (at most two seconds), then stops. */
  close(): Promise<void>;
}

export const NO_ERROR_REPORTS: ErrorReports = { report() {}, close: async () => {} };

export function createErrorReports(options: {
  dsn: string | undefined;
  /** `kiosk` or `gateway`: a tag on every report */
  server: string;
  environment: string;
}): ErrorReports {
  if (!options.dsn) return NO_ERROR_REPORTS;
  const dsn = options.dsn;
  // Sentry's SDK takes half a second to load (OpenTelemetry with it): a server without a DSN
  // never loads it, and one with a DSN does not wait for it to start; a report made before it
  // is in goes out once it is
  const reporting = import('@sentry/node').then(
    ({ defaultStackParser, linkedErrorsIntegration, makeNodeTransport, NodeClient, Scope }) => {
      const client = new NodeClient({
        dsn,
        environment: options.environment,
        transport: makeNodeTransport,
        stackParser: defaultStackParser,
        integrations: [linkedErrorsIntegration()],
      });
      const scope = new Scope();
      scope.setClient(client);
      scope.setTag('server', options.server);
      client.init();
      return { client, scope };
    },
  );
  reporting.catch((error: unknown) => console.error('[error-reports] Sentry did not load; nothing is reported', error));
  return {
    report(error, context) {
      void reporting.then(({ scope }) => scope.clone().setExtras(context).captureException(error)).catch(() => {});
    },
    async close() {
      const { client } = await reporting.catch(() => ({ client: undefined }));
      await client?.close(2000);
    },
  };
}

import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in
 * front of the club keep theirs (load balancers commonly 60 s). With Node's 5 s the server
 * closes a connection a client still counts as open, and the client's next request on it is
 * reset without an answer ("socket hang up"); a client that does not read the Keep-Alive hint
 * meets this after any pause of about 5 s.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // a request's headers may take as long as the connection may idle before them
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's `bodyLimit`, asked only where it must count. Hono's first asks the request for its
 * body stream, and for that @hono/node-server builds a full web `Request` with a stream over
 * Node's request — on every request, a GET too — after which the route's `json()` reads
 * through that stream instead of straight from Node. That was a twentieth of the kiosk's
 * work on a pause. A body that states its length is held to it by Node's parser, so the
 * header alone decides; a chunked one goes through Hono's, which counts as it reads.
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const counting = bodyLimit({ maxSize });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    const stated = length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined;
    return stated && Number(length) <= maxSize ? next() : counting(c, next);
  };
}

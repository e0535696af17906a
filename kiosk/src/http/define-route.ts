import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { caller } from './auth.ts';
import type { AppEnv, AuthInfo } from './context.ts';
import { type Access, access as accessRules, answers, jsonBody } from './openapi.ts';
import { ok } from './respond.ts';

/** Who may call a route: a name from `access`, or a rule of its own (`verifiedUser(db)`, the gateway's). */
export type AccessRule = {
  security: { [scheme: string]: string[] }[];
  middleware?: MiddlewareHandler<AppEnv>[];
  'x-access': Access;
  'x-verified'?: true;
};
type Who = keyof typeof accessRules | AccessRule;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type WithoutEnvelope<T> = T extends object ? Omit<T, 'success' | 'server_time'> : never;
/** What a handler gives back: the answer's fields (the envelope is added), or a response of its own. */
export type AnswerOf<A extends Schema> = WithoutEnvelope<z.output<A>> | Response;

export interface RouteRequest<B, Q, P> {
  c: Context<AppEnv>;
  /** the JSON body, checked by its schema */
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** the caller (`error.auth_required` when there is none: read it only behind a guard) */
  me: AuthInfo;
}

export interface RouteSpec<A extends Schema, B, Q, P> {
  method: Method;
  /** OpenAPI style: `/v1/order/{id}` */
  path: string;
  tags: string[];
  summary: string;
  access: Who;
  /** more guards after the access check (rate limits), in order */
  middleware?: MiddlewareHandler<AppEnv>[];
  body?: B;
  query?: Q;
  params?: P;
  /** the 200 answer as JSON; failures are documented by `answers()` */
  answer: A;
  /** other forms of the 200 answer than JSON (a page to print, a file), by media type */
  formats?: Record<string, Schema>;
  /** `false` when the 200 answer comes only in `formats` (a file) */
  json?: false;
  /** what the 200 answer is, when it is more than 'Success' */
  description?: string;
  handler: (request: RouteRequest<B, Q, P>) => Promise<AnswerOf<A>> | AnswerOf<A>;
}

/**
 * Declares one API route: its OpenAPI operation (access, request schemas, answers, the
 * catalogue's failures) and its handler, which gets the checked input and gives back the
 * answer's fields (`{ success, server_time }` is added). The access guard runs before the
 * input is checked, so a caller without the right learns nothing from a 422; a failed check
 * throws through the app's `defaultHook` into the one error mapping (422 with rule keys).
 */
export function defineRoute<
  A extends Schema,
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
>(app: OpenAPIHono<AppEnv>, spec: RouteSpec<A, B, Q, P>): void {
  const rule: AccessRule = typeof spec.access === 'string' ? accessRules[spec.access] : spec.access;
  const guards = [...(rule.middleware ?? []), ...(spec.middleware ?? [])];
  const request = {
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? jsonBody(spec.body) : {}),
  };
  const responses = answers(spec.answer, spec.description);
  const route = createRoute({
    method: spec.method,
    path: spec.path,
    tags: spec.tags,
    summary: spec.summary,
    security: rule.security,
    'x-access': rule['x-access'],
    ...(rule['x-verified'] ? { 'x-verified': true } : {}),
    ...(guards.length > 0 ? { middleware: guards } : {}),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses: spec.formats
      ? {
          ...responses,
          200: {
            ...responses[200],
            content: {
              ...(spec.json === false ? {} : responses[200].content),
              ...mapValues(spec.formats, (schema) => ({ schema })),
            },
          },
        }
      : responses,
  } as RouteConfig);
  const valid = (c: Context<AppEnv>, target: 'json' | 'query' | 'param', declared: unknown) =>
    declared ? (c.req.valid as (t: string) => unknown)(target) : undefined;
  app.openapi(route, async (c: Context<AppEnv>) => {
    const answer = await spec.handler({
      c,
      body: valid(c, 'json', spec.body) as Out<B>,
      query: valid(c, 'query', spec.query) as Out<Q>,
      params: valid(c, 'param', spec.params) as Out<P>,
      get me() {
        return caller(c);
      },
    });
    if (answer instanceof Response) return answer;
    const readSeq = c.get('readSeq');
    return c.json(readSeq === undefined ? ok(answer) : { ...ok(answer), read_seq: readSeq }, 200);
  });
}

function mapValues<T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
}

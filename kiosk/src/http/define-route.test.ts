import { one, ZIdParam } from '@club/shared/api';
import { NO_ERROR_REPORTS } from '@club/shared/error-reports';
import { AppError } from '@club/shared/errors';
import { zText } from '@club/shared/validation';
import { z } from '@club/shared/zod';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createApi } from './api.ts';
import { defineRoute } from './define-route.ts';

/** A test app whose caller is named by a header: `user` or `admin`, else nobody. */
function testApi() {
  const app = createApi(createLogger('silent'), NO_ERROR_REPORTS);
  app.use('*', async (c, next) => {
    const who = c.req.header('x-who');
    if (who) c.set('auth', { userId: 7, sessionId: 1, isAdmin: who === 'admin' });
    await next();
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/thing/{id}/rename',
    tags: ['things'],
    summary: 'Rename a thing (admin)',
    access: 'admin',
    params: ZIdParam,
    body: z.object({ name: zText(20) }),
    answer: one('thing', z.object({ id: z.number(), name: z.string(), by: z.number() })),
    handler: ({ params, body, me }) => {
      if (body.name === 'taken') throw new AppError('error.table_held');
      return { thing: { id: params.id, name: body.name, by: me.userId } };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/thing/page',
    tags: ['things'],
    summary: 'A thing as JSON or a page',
    access: 'user',
    query: z.object({ format: z.enum(['json', 'html']).default('json') }),
    answer: one('name', z.string()),
    formats: { 'text/html': z.string() },
    description: 'The thing',
    handler: ({ c, query }) => (query.format === 'html' ? c.html('<p>thing</p>', 200) : { name: 'thing' }),
  });
  app.doc31('/doc', { openapi: '3.1.0', info: { title: 't', version: '1' } });
  return app;
}

const post = (app: ReturnType<typeof testApi>, path: string, body: unknown, who?: string) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { 'x-who': who } : {}) },
    body: JSON.stringify(body),
  });

describe('defineRoute', () => {
  it('answers the handler’s fields in the envelope', async () => {
    const res = await post(testApi(), '/v1/thing/3/rename', { name: 'cue' }, 'admin');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      server_time: expect.any(String),
      thing: { id: 3, name: 'cue', by: 7 },
    });
  });

  it('checks access before input: nobody learns the schema from a 422', async () => {
    const app = testApi();
    const bad = { name: 42 };
    expect((await post(app, '/v1/thing/3/rename', bad)).status).toBe(401);
    const forbidden = await post(app, '/v1/thing/3/rename', bad, 'user');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ message: 'error.forbidden' });
  });

  it('refuses bad input with 422 and a rule key per field', async () => {
    const res = await post(testApi(), '/v1/thing/x/rename', { name: 'a'.repeat(21) }, 'admin');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toBe('error.validation_failed');
    expect(Object.values(body.errors).every((rule) => rule.startsWith('validation.'))).toBe(true);
  });

  it('lets a catalogue error through the one error mapping', async () => {
    const res = await post(testApi(), '/v1/thing/3/rename', { name: 'taken' }, 'admin');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, message: 'error.table_held' });
  });

  it('passes a response of the handler’s own through', async () => {
    const res = await testApi().request('/v1/thing/page?format=html', { headers: { 'x-who': 'user' } });
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toBe('<p>thing</p>');
  });

  it('writes access, input, answers and other formats into the OpenAPI document', async () => {
    const doc = (await (await testApi().request('/doc')).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const rename = doc.paths['/v1/thing/{id}/rename']?.post;
    expect(rename).toMatchObject({
      'x-access': 'admin',
      security: [{ bearer: [] }, { cookie: [] }],
      parameters: [{ in: 'path', name: 'id' }],
      requestBody: { required: true, content: { 'application/json': {} } },
    });
    expect(Object.keys(rename?.responses as object)).toEqual(['200', '400', '401', '403', '404', '409', '422', '429']);
    const page = doc.paths['/v1/thing/page']?.get;
    expect(page).toMatchObject({
      'x-access': 'user',
      responses: { 200: { description: 'The thing', content: { 'application/json': {}, 'text/html': {} } } },
    });
  });
});

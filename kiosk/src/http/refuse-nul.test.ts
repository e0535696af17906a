import { NO_ERROR_REPORTS } from '@club/shared/error-reports';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { onError } from './errors.ts';
import { refuseNul } from './refuse-nul.ts';

const app = new Hono();
app.onError(onError(pino({ level: 'silent' }), NO_ERROR_REPORTS));
app.use('*', refuseNul);
app.all('*', async (c) => c.json({ reached: true, body: await c.req.text() }));

const post = (body: string) =>
  app.request('/v1/thing', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

describe('a NUL byte in a request', () => {
  it('is refused in any JSON field, named by its path', async () => {
    const { status, body } = await answer(await post('{"a":{"b":["x","y\\u0000z"]}}'));
    expect(status).toBe(422);
    expect(body.errors).toEqual({ 'a.b.1': 'validation.text_nul' });
  });

  it('is refused in a query value', async () => {
    const { status, body } = await answer(await app.request('/v1/thing?name=a%00b'));
    expect(status).toBe(422);
    expect(body.errors).toEqual({ 'name.0': 'validation.text_nul' });
  });

  it('is refused as half a surrogate pair, in a value or a key; a whole pair (an emoji) is text', async () => {
    const lone = await answer(await post('{"note":"kr 10 \\ud83d","n":1}'));
    expect(lone).toMatchObject({ status: 422, body: { errors: { note: 'validation.text' } } });
    const key = await answer(await post('{"a":{"\\udc00":"x"}}'));
    expect(key).toMatchObject({ status: 422, body: { errors: { 'a.\udc00': 'validation.text' } } });
    const pair = '{"note":"\\ud83c\\udfb1 kø"}';
    expect(await answer(await post(pair))).toEqual({ status: 200, body: { reached: true, body: pair } });
  });

  it('is not seen in a backslash followed by u0000, nor in a GET with a JSON type and no body', async () => {
    const text = '{"note":"\\\\u0000 is how JSON writes a NUL"}';
    expect(await answer(await post(text))).toEqual({ status: 200, body: { reached: true, body: text } });
    const get = await app.request('/v1/thing?name=%2500', { headers: { 'content-type': 'application/json' } });
    expect((await answer(get)).status).toBe(200);
  });
});

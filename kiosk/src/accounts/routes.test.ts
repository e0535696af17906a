import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, linkIn, person, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
beforeAll(async () => {
  k = await startTestKiosk({ smtp: true });
});
afterAll(() => k.close());

async function registered(overrides: Record<string, unknown> = {}) {
  const body = person(overrides);
  const answer = await k.post('/v1/auth/register', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { body, user: answer.body.user as { id: number; is_verified: boolean } };
}

describe('register', () => {
  it('creates an unverified account and mails a verification link that verifies it', async () => {
    const { body, user } = await registered();
    expect(user).toMatchObject({
      name: 'Kari',
      surname: 'Nordmann',
      email: body.email,
      role_id: 2,
      is_verified: false,
      is_admin: false,
    });
    expect(JSON.stringify(user)).not.toMatch(/password/);

    const mail = await k.mailbox!.next(body.email);
    expect(mail.subject).toBe('Bekreft e-postadressen din');
    const link = linkIn(mail);
    expect(link.path).toMatch(/^\/verify\//);

    const token = await k.login(body.email, body.password);
    expect((await k.get('/v1/user/profile', token)).body.user).toMatchObject({ is_verified: false });

    const verified = await k.post('/v1/auth/verify', { token: link.token });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ id: user.id, is_verified: true, email_verified: true });
    expect((await k.get('/v1/user/profile', token)).body.user).toMatchObject({ is_verified: true });

    const again = await k.post('/v1/auth/verify', { token: link.token });
    expect(again).toMatchObject({ status: 400, body: { success: false, message: 'error.token_invalid' } });
  });

  it('mails in English to a person who chose English', async () => {
    const { body } = await registered({ locale: 'en' });
    const mail = await k.mailbox!.next(body.email);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('Hi Kari,');
  });

  it('names each missing or wrong field', async () => {
    const answer = await k.post('/v1/auth/register', { name: '', email: 'nope', phone: '12', password: 'short' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('error.validation_failed');
    expect(answer.body.errors).toMatchObject({
      name: 'validation.required',
      surname: 'validation.required',
      email: 'validation.email',
      phone: 'validation.phone',
      password: 'validation.password_min',
      password_confirmation: 'validation.required',
    });
  });

  it('says when the passwords do not match', async () => {
    const answer = await k.post('/v1/auth/register', person({ password_confirmation: 'something else' }));
    expect(answer).toMatchObject({
      status: 422,
      body: {
        message: 'error.passwords_do_not_match',
        errors: { password_confirmation: 'validation.passwords_do_not_match' },
      },
    });
  });

  it('refuses an e-mail or phone that is taken, however it is typed', async () => {
    const { body } = await registered();
    const sameEmail = await k.post('/v1/auth/register', person({ email: body.email.toUpperCase() }));
    expect(sameEmail).toMatchObject({
      status: 409,
      body: { message: 'error.email_or_phone_already_in_use', errors: { email: 'validation.taken' } },
    });
    const samePhone = await k.post('/v1/auth/register', person({ phone: `+47 ${body.phone}` }));
    expect(samePhone).toMatchObject({
      status: 409,
      body: { message: 'error.email_or_phone_already_in_use', errors: { phone: 'validation.taken' } },
    });
  });

  it('gives exactly one account when the same registration arrives twice at once', async () => {
    const body = person();
    const answers = await Promise.all([k.post('/v1/auth/register', body), k.post('/v1/auth/register', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await k.call('POST', '/v1/auth/register', {
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('error.validation_failed');
  });

  it('refuses a body sent without a JSON content type', async () => {
    const answer = await k.call('POST', '/v1/auth/register', {
      raw: JSON.stringify(person()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/^error\./);
  });
});

describe('login and logout', () => {
  it('logs in with a token that works as a bearer, and logs out', async () => {
    const answer = await k.post('/v1/auth/login', { email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(answer.status).toBe(200);
    const token = answer.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.user).toMatchObject({ email: ADMIN.email, is_admin: true, is_verified: true });
    expect(typeof answer.body.server_time).toBe('string');

    expect((await k.get('/v1/user/profile', token)).status).toBe(200);
    expect((await k.post('/v1/auth/logout', {}, token)).status).toBe(200);
    expect(await k.get('/v1/user/profile', token)).toMatchObject({
      status: 401,
      body: { message: 'error.auth_required' },
    });
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const wrong = await k.post('/v1/auth/login', { email: ADMIN.email, password: 'not it at all' });
    const unknown = await k.post('/v1/auth/login', { email: 'nobody@example.no', password: 'not it at all' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'error.invalid_credentials' } });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'error.invalid_credentials' } });
  });

  it('stores only a hash of the token', async () => {
    const token = await k.login(ADMIN.email, ADMIN.password);
    const rows = await k.kiosk.database.db.query.sessions.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('lets a session expire after one day', async () => {
    const token = await k.login(ADMIN.email, ADMIN.password);
    await k.post('/v1/test/clock', { advance_ms: 24 * 60 * 60 * 1000 - 60_000 });
    expect((await k.get('/v1/user/profile', token)).status).toBe(200);
    await k.post('/v1/test/clock', { advance_ms: 120_000 });
    expect(await k.get('/v1/user/profile', token)).toMatchObject({
      status: 401,
      body: { message: 'error.auth_required' },
    });
  });

  it('treats a malformed or unknown bearer token as no login', async () => {
    expect((await k.call('GET', '/v1/user/profile', { headers: { authorization: 'Bearer nonsense' } })).status).toBe(
      401,
    );
    expect(
      (await k.call('GET', '/v1/user/profile', { headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).status,
    ).toBe(401);
    expect((await k.call('GET', '/v1/user/profile', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await k.post('/v1/auth/logout')).body.message).toBe('error.auth_required');
  });
});

describe('verification resend', () => {
  it('needs a login, sends a new link, and sends none once verified', async () => {
    expect((await k.post('/v1/auth/verify/send')).body.message).toBe('error.auth_required');
    const { body } = await registered();
    const first = linkIn(await k.mailbox!.next(body.email));
    const token = await k.login(body.email, body.password);
    const resent = await k.post('/v1/auth/verify/send', {}, token);
    expect(resent.body).toMatchObject({ success: true, sent: true });
    const second = linkIn(await k.mailbox!.next(body.email));
    expect(second.token).not.toBe(first.token);
    // the older link stopped working when the new one was issued
    expect((await k.post('/v1/auth/verify', { token: first.token })).body.message).toBe('error.token_invalid');
    expect((await k.post('/v1/auth/verify', { token: second.token })).status).toBe(200);
    expect((await k.post('/v1/auth/verify/send', {}, token)).body).toMatchObject({ success: true, sent: false });
  });

  it('refuses a link after it expired', async () => {
    const { body } = await registered();
    const link = linkIn(await k.mailbox!.next(body.email));
    await k.post('/v1/test/clock', { advance_ms: 49 * 60 * 60 * 1000 });
    expect((await k.post('/v1/auth/verify', { token: link.token })).body.message).toBe('error.token_invalid');
  });
});

describe('password reset', () => {
  it('answers success for any address and mails only real accounts', async () => {
    const answer = await k.post('/v1/auth/reset-password', { email: 'nobody-here@example.no' });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    await expect(k.mailbox!.next('nobody-here@example.no', 500)).rejects.toThrow();
  });

  it('sets a new password once per link and ends every session', async () => {
    const { body } = await registered();
    await k.mailbox!.next(body.email); // verification
    const oldSession = await k.login(body.email, body.password);
    expect((await k.post('/v1/auth/reset-password', { email: body.email })).status).toBe(200);
    const mail = await k.mailbox!.next(body.email);
    expect(mail.subject).toBe('Tilbakestill passordet ditt');
    const link = linkIn(mail);
    expect(link.path).toMatch(/^\/reset-password-continue\//);

    const mismatch = await k.post('/v1/auth/reset-password/continue', {
      token: link.token,
      password: 'new password 1',
      password_confirmation: 'other',
    });
    expect(mismatch.body.message).toBe('error.passwords_do_not_match');

    const done = await k.post('/v1/auth/reset-password/continue', {
      token: link.token,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(done.status).toBe(200);
    expect((await k.get('/v1/user/profile', oldSession)).status).toBe(401);
    expect((await k.post('/v1/auth/login', { email: body.email, password: body.password })).status).toBe(401);
    const fresh = await k.login(body.email, 'new password 1');
    // opening the link proved the address
    expect((await k.get('/v1/user/profile', fresh)).body.user).toMatchObject({ is_verified: true });

    const reuse = await k.post('/v1/auth/reset-password/continue', {
      token: link.token,
      password: 'new password 2',
      password_confirmation: 'new password 2',
    });
    expect(reuse).toMatchObject({ status: 400, body: { message: 'error.token_invalid' } });
  });

  it('refuses a verification link as a reset link', async () => {
    const { body } = await registered();
    const link = linkIn(await k.mailbox!.next(body.email));
    const answer = await k.post('/v1/auth/reset-password/continue', {
      token: link.token,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(answer.body.message).toBe('error.token_invalid');
  });
});

describe('change password', () => {
  it('needs the current password and ends the other sessions only', async () => {
    const { body } = await registered();
    const here = await k.login(body.email, body.password);
    const elsewhere = await k.login(body.email, body.password);

    const wrong = await k.post(
      '/v1/user/change-password',
      { current_password: 'wrong one', password: 'brand new pw', password_confirmation: 'brand new pw' },
      here,
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: 'error.current_password_wrong' } });
    const short = await k.post(
      '/v1/user/change-password',
      { current_password: body.password, password: 'short', password_confirmation: 'short' },
      here,
    );
    expect(short.body.errors).toMatchObject({ password: 'validation.password_min' });

    const ok = await k.post(
      '/v1/user/change-password',
      { current_password: body.password, password: 'brand new pw', password_confirmation: 'brand new pw' },
      here,
    );
    expect(ok.status).toBe(200);
    expect((await k.get('/v1/user/profile', here)).status).toBe(200);
    expect((await k.get('/v1/user/profile', elsewhere)).status).toBe(401);
    await k.login(body.email, 'brand new pw');
  });

  it('needs a login', async () => {
    const answer = await k.post('/v1/user/change-password', {
      current_password: 'x',
      password: 'brand new pw',
      password_confirmation: 'brand new pw',
    });
    expect(answer).toMatchObject({ status: 401, body: { message: 'error.auth_required' } });
  });
});

describe('a changed e-mail address', () => {
  const editable = (u: { id: number; role_id?: number }, body: { email: string; phone: string }, email: string) => ({
    id: u.id,
    name: 'Kari',
    surname: 'Nordmann',
    email,
    phone: body.phone,
    role: u.role_id ?? 2,
  });

  it('is unverified, and a verification link mailed to the old address does not verify it', async () => {
    const { body, user } = await registered();
    const oldLink = linkIn(await k.mailbox!.next(body.email));
    const token = await k.login(body.email, body.password);
    const moved = `moved.${body.email}`;
    const changed = await k.post('/v1/user/update', editable(user, body, moved), token);
    expect(changed.body.user).toMatchObject({ email: moved, is_verified: false });

    expect(await k.post('/v1/auth/verify', { token: oldLink.token })).toMatchObject({
      status: 400,
      body: { message: 'error.token_invalid' },
    });
    expect((await k.get('/v1/user/profile', token)).body.user).toMatchObject({ email: moved, is_verified: false });

    // the change mails a new link to the new address, and that one verifies it
    const newLink = linkIn(await k.mailbox!.next(moved));
    expect((await k.post('/v1/auth/verify', { token: newLink.token })).body.user).toMatchObject({ is_verified: true });
  });

  it('loses its verification when the account was verified, and an old reset link does not prove the new one', async () => {
    const { body, user } = await registered();
    await k.post('/v1/auth/verify', { token: linkIn(await k.mailbox!.next(body.email)).token });
    await k.post('/v1/auth/reset-password', { email: body.email });
    const resetLink = linkIn(await k.mailbox!.next(body.email));
    const token = await k.login(body.email, body.password);
    const moved = `again.${body.email}`;
    expect((await k.post('/v1/user/update', editable(user, body, moved), token)).body.user).toMatchObject({
      is_verified: false,
    });
    const reset = await k.post('/v1/auth/reset-password/continue', {
      token: resetLink.token,
      password: 'a fresh passphrase',
      password_confirmation: 'a fresh passphrase',
    });
    expect(reset).toMatchObject({ status: 400, body: { message: 'error.token_invalid' } });
    const profile = (await k.get('/v1/user/profile', token)).body.user;
    expect(profile).toMatchObject({ email: moved, is_verified: false });
  });

  it('keeps working when only the letter case or nothing changes', async () => {
    const { body, user } = await registered();
    const link = linkIn(await k.mailbox!.next(body.email));
    const token = await k.login(body.email, body.password);
    await k.post('/v1/user/update', editable(user, body, body.email.toUpperCase()), token);
    expect((await k.post('/v1/auth/verify', { token: link.token })).body.user).toMatchObject({ is_verified: true });
  });
});

describe('password policy', () => {
  const tooCommon = ['password123', 'qwertyuiop', '1234567890', 'Password123'];

  it('wants at least ten characters on register, reset and change', async () => {
    const nine = 'nine-char';
    const answer = await k.post('/v1/auth/register', person({ password: nine, password_confirmation: nine }));
    expect(answer).toMatchObject({ status: 422, body: { errors: { password: 'validation.password_min' } } });
    const { body } = await registered();
    const token = await k.login(body.email, body.password);
    const change = await k.post(
      '/v1/user/change-password',
      { current_password: body.password, password: nine, password_confirmation: nine },
      token,
    );
    expect(change).toMatchObject({ status: 422, body: { errors: { password: 'validation.password_min' } } });
    const reset = await k.post('/v1/auth/reset-password/continue', {
      token: 'x'.repeat(43),
      password: nine,
      password_confirmation: nine,
    });
    expect(reset).toMatchObject({ status: 422, body: { errors: { password: 'validation.password_min' } } });
  });

  it('refuses the most common passwords on register', async () => {
    for (const password of tooCommon) {
      const answer = await k.post('/v1/auth/register', person({ password, password_confirmation: password }));
      expect(answer, password).toMatchObject({
        status: 422,
        body: { message: 'error.validation_failed', errors: { password: 'validation.password_too_common' } },
      });
    }
  });

  it('refuses them on change and on reset, and the old password keeps working', async () => {
    const { body } = await registered();
    await k.mailbox!.next(body.email);
    const token = await k.login(body.email, body.password);
    const change = await k.post(
      '/v1/user/change-password',
      { current_password: body.password, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' },
      token,
    );
    expect(change).toMatchObject({ status: 422, body: { errors: { password: 'validation.password_too_common' } } });

    await k.post('/v1/auth/reset-password', { email: body.email });
    const link = linkIn(await k.mailbox!.next(body.email));
    const reset = await k.post('/v1/auth/reset-password/continue', {
      token: link.token,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(reset).toMatchObject({ status: 422, body: { errors: { password: 'validation.password_too_common' } } });
    await k.login(body.email, body.password);
    // the link was not used up by the refused attempt
    const fine = await k.post('/v1/auth/reset-password/continue', {
      token: link.token,
      password: 'kritt og kule i kveld',
      password_confirmation: 'kritt og kule i kveld',
    });
    expect(fine.status).toBe(200);
  });
});

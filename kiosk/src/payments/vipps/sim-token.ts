import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Access tokens as Vipps issues them: JWTs (HS256 here, with a key only this simulator knows). */
export function createTokenIssuer() {
  const key = randomBytes(32);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const sign = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    issue(subject: string, now: number, lifetime: number): string {
      const head = b64({ typ: 'JWT', alg: 'HS256' });
      const body = b64({
        iss: 'vipps-simulator',
        sub: subject,
        aud: 'epayment',
        iat: now,
        nbf: now,
        exp: now + lifetime,
      });
      return `${head}.${body}.${sign(`${head}.${body}`)}`;
    },
    valid(token: string | undefined, now: number): boolean {
      const [head, body, signature] = token?.split('.') ?? [];
      if (!head || !body || !signature) return false;
      const expected = Buffer.from(sign(`${head}.${body}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp?: number; nbf?: number };
      return (claims.nbf ?? 0) <= now && now < (claims.exp ?? 0);
    },
  };
}

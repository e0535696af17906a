import { SECRET_ADVICE, secretWeakness } from '@club/shared/secret-strength';
import type { Env } from '../env-schema.ts';
import { simulatedPayments, usesRealCards, usesRealVipps, VIPPS_MERCHANT } from '../payments/provider-choice.ts';

/**
 * DESIGN §10: what a production start (`NODE_ENV=production`) refuses, each as
 * `VARIABLE (why)`. Empty when the configuration is fit to take real players and money.
 */
export function productionRefusals(env: Env): string[] {
  const refusals: string[] = [];
  const refuse = (variable: string, why: string) => refusals.push(`${variable} (${why})`);

  if (env.DEMO) refuse('DEMO', 'would seed the demo club and its published admin login; unset it');
  if (env.TEST_CLOCK) refuse('TEST_CLOCK', 'lets any caller move the clock; unset it');
  if (env.PUSH_ALLOW_LOCAL)
    refuse('PUSH_ALLOW_LOCAL', "lets a player aim the server at the club's own network; unset it");
  if (!env.SMTP_URL) refuse('SMTP_URL', 'unset: e-mails with login links would be written to the log');
  if (!env.PUBLIC_URL) refuse('PUBLIC_URL', 'unset: set the https address players open');
  else if (new URL(env.PUBLIC_URL).protocol !== 'https:') refuse('PUBLIC_URL', 'must be an https:// address');

  // without them the demo makes a key pair and keeps it in its database: a production key belongs to the operator
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
    if (!env[name])
      refuse(name, "unset: Web Push needs the club's VAPID key pair and contact (npx web-push generate-vapid-keys)");

  if (!env.PAYMENTS_SIMULATOR) {
    for (const { variable, why } of simulatedPayments(env)) {
      refuse(variable, `${why}; configure it, or set PAYMENTS_SIMULATOR=1 to take no real money on purpose`);
    }
  }
  if (usesRealVipps(env)) {
    for (const name of VIPPS_MERCHANT) if (!env[name]) refuse(name, 'unset: the Vipps API needs it');
  }

  const secret = (name: string, value: string | undefined) => {
    const weakness = secretWeakness(value);
    if (weakness) refuse(name, `${weakness}; ${SECRET_ADVICE}`);
  };
  // the kiosk's realtime reads accept this key, so a weak one is never allowed, even when optional
  if (env.GATEWAY_URL || env.GATEWAY_SECRET) secret('GATEWAY_SECRET', env.GATEWAY_SECRET);
  if (usesRealVipps(env)) secret('VIPPS_WEBHOOK_SECRET', env.VIPPS_WEBHOOK_SECRET);
  if (usesRealCards(env)) secret('STRIPE_WEBHOOK_SECRET', env.STRIPE_WEBHOOK_SECRET);
  return refusals;
}

/** Logged on every start that takes no real money because PAYMENTS_SIMULATOR=1 chose it. */
export function simulatorWarnings(env: Env): string[] {
  if (!env.PAYMENTS_SIMULATOR) return [];
  return simulatedPayments(env).map(
    ({ variable, why }) => `PAYMENTS_SIMULATOR=1: ${variable} ${why}; no real money is taken`,
  );
}

import type { Env } from '../env-schema.ts';

type PaymentEnv = Pick<
  Env,
  | 'VIPPS_BASE_URL'
  | 'VIPPS_CLIENT_ID'
  | 'VIPPS_CLIENT_SECRET'
  | 'VIPPS_SUBSCRIPTION_KEY'
  | 'VIPPS_MSN'
  | 'STRIPE_SECRET_KEY'
>;

/** the settings without which Vipps falls back to the built-in simulator */
export const VIPPS_CREDENTIALS = ['VIPPS_BASE_URL', 'VIPPS_CLIENT_ID', 'VIPPS_CLIENT_SECRET'] as const;
/** the rest of what the real ePayment API needs on every call */
export const VIPPS_MERCHANT = ['VIPPS_SUBSCRIPTION_KEY', 'VIPPS_MSN'] as const;

/** Real Vipps when its address and client credentials are set; the built-in simulator otherwise. */
export const usesRealVipps = (env: PaymentEnv) => VIPPS_CREDENTIALS.every((name) => Boolean(env[name]));

/** Real card payments (Stripe) when a secret key is set; the built-in simulator otherwise. */
export const usesRealCards = (env: PaymentEnv) => Boolean(env.STRIPE_SECRET_KEY);

/**
 * Where this configuration would take payments that move no money: a built-in simulator,
 * or a provider's test environment. Each names the variable that decides it.
 */
export function simulatedPayments(env: PaymentEnv): { variable: string; why: string }[] {
  const found: { variable: string; why: string }[] = [];
  if (!usesRealVipps(env)) {
    const missing = VIPPS_CREDENTIALS.find((name) => !env[name]) ?? 'VIPPS_BASE_URL';
    found.push({ variable: missing, why: 'unset: Vipps payments would go to the built-in simulator' });
  } else if (/apitest\.vipps\.no/i.test(env.VIPPS_BASE_URL ?? '')) {
    found.push({ variable: 'VIPPS_BASE_URL', why: "Vipps' test environment moves no money" });
  }
  if (!usesRealCards(env)) {
    found.push({ variable: 'STRIPE_SECRET_KEY', why: 'unset: card payments would go to the built-in simulator' });
  } else if (env.STRIPE_SECRET_KEY?.startsWith('sk_test_')) {
    found.push({ variable: 'STRIPE_SECRET_KEY', why: 'a Stripe test key moves no money' });
  }
  return found;
}

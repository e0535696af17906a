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

  for (const { variable, why } of unsafeBroker(env)) refuse(variable, why);

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
  const warnings: string[] = [];
  if (env.PAYMENTS_SIMULATOR)
    warnings.push(
      ...simulatedPayments(env).map(
        ({ variable, why }) => `PAYMENTS_SIMULATOR=1: ${variable} ${why}; no real money is taken`,
      ),
    );
  if (env.DEVICES_SIMULATOR && !env.MQTT_URL)
    warnings.push('DEVICES_SIMULATOR=1: table lights and the door are simulated; no real relay is switched');
  return warnings;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * DESIGN §14, §10: a broker that switches the club's lights and opens its door is reached with
 * credentials in their own variables, unless it runs on this machine. A plain `mqtt://`
 * connection to another host without them would let anyone on the network open the door.
 */
function unsafeBroker(env: Env): { variable: string; why: string }[] {
  if (!env.MQTT_URL) return [];
  const url = new URL(env.MQTT_URL);
  const found: { variable: string; why: string }[] = [];
  if (url.username || url.password)
    found.push({ variable: 'MQTT_URL', why: 'holds credentials: put them in MQTT_USERNAME and MQTT_PASSWORD' });
  if (Boolean(env.MQTT_USERNAME) !== Boolean(env.MQTT_PASSWORD))
    found.push({ variable: env.MQTT_USERNAME ? 'MQTT_PASSWORD' : 'MQTT_USERNAME', why: 'set both or neither' });
  else if (!env.MQTT_USERNAME && !LOOPBACK.test(url.hostname))
    found.push({
      variable: 'MQTT_USERNAME',
      why: `unset: the broker at ${url.hostname} would take anyone's commands to the door; give the kiosk its own broker login`,
    });
  return found;
}

/**
 * `npm run vipps:webhook` (`-- --replace` to replace one already registered): registers the
 * club's Vipps webhook at PUBLIC_URL with the VIPPS_* settings and prints the secret Vipps
 * shows once, for VIPPS_WEBHOOK_SECRET. Needs no database and no VIPPS_WEBHOOK_SECRET yet.
 */
import { z } from 'zod';
import { ZEnv } from '../../env-schema.ts';
import { createVippsClient } from './client.ts';
import { registerClubWebhook } from './register-webhook.ts';

const ZNeeded = ZEnv.pick({
  PUBLIC_URL: true,
  VIPPS_BASE_URL: true,
  VIPPS_CLIENT_ID: true,
  VIPPS_CLIENT_SECRET: true,
  VIPPS_SUBSCRIPTION_KEY: true,
  VIPPS_MSN: true,
}).required();

async function main(): Promise<number> {
  const env = ZNeeded.safeParse(process.env);
  if (!env.success) {
    const names = [...new Set(env.error.issues.map((i) => String(i.path[0])))];
    console.error(`set ${names.join(', ')} (${z.prettifyError(env.error).split('\n')[0]})`);
    return 2;
  }
  const client = createVippsClient({
    baseUrl: env.data.VIPPS_BASE_URL,
    clientId: env.data.VIPPS_CLIENT_ID,
    clientSecret: env.data.VIPPS_CLIENT_SECRET,
    subscriptionKey: env.data.VIPPS_SUBSCRIPTION_KEY,
    msn: env.data.VIPPS_MSN,
  });
  const result = await registerClubWebhook(client, env.data.PUBLIC_URL, process.argv.includes('--replace'));
  if (!result.done) {
    console.error(
      `a webhook for ${result.url} is registered already (${result.existing.join(', ')}): keep its secret, or run again with -- --replace`,
    );
    return 1;
  }
  console.log(
    `registered ${result.url} (id ${result.id}${result.removed.length ? `, replacing ${result.removed.join(', ')}` : ''})`,
  );
  console.log(`VIPPS_WEBHOOK_SECRET=${result.secret}`);
  return 0;
}

process.exitCode = await main();

import { mkdir, rm } from 'node:fs/promises';
import { enableControllableClock } from '@club/shared/clock';
import { createErrorReports } from '@club/shared/error-reports';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { secureHeaders } from 'hono/secure-headers';
import { accountRoutes } from './accounts/routes.ts';
import { recordAppStart } from './cash/app-start.ts';
import { counterRoutes } from './cash/counter-routes.ts';
import { operatorRoutes } from './cash/operator-routes.ts';
import { cashRoutes } from './cash/routes.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createDevices, type Devices } from './devices/devices.ts';
import { deviceRoutes } from './devices/routes.ts';
import { setClubTimeZone } from './discounts/club-time-zone.ts';
import { discountRoutes } from './discounts/routes.ts';
import { docsRoutes } from './docs/routes.ts';
import { IN_MEMORY } from './env-schema.ts';
import { gameRoutes } from './games/routes.ts';
import { healthRoutes, testClockRoutes } from './health/routes.ts';
import { createApi } from './http/api.ts';
import { authenticate } from './http/auth.ts';
import { limitBody } from './http/body-limit.ts';
import type { AppEnv, Deps } from './http/context.ts';
import { refuseCrossSite } from './http/cross-site.ts';
import { refuseNul } from './http/refuse-nul.ts';
import { serverTiming } from './http/server-timing.ts';
import { strictTransport } from './http/strict-transport.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { metricsRoutes } from './metrics/metrics.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { expireShopOrders } from './orders/expire-shop-orders.ts';
import { orderRoutes } from './orders/routes.ts';
import { noteCommitted, stampReads } from './outbox/committed-seq.ts';
import { type CardPayments, createCardPayments } from './payments/card/card-payments.ts';
import { finishGiveBacks, finishStalledRefunds } from './payments/finish-refunds.ts';
import { paymentRoutes } from './payments/routes.ts';
import { createVippsPayments, type VippsPayments } from './payments/vipps/vipps-payments.ts';
import { pricingRoutes } from './pricing/routes.ts';
import { refuseDemoLogins } from './production/demo-logins.ts';
import { simulatorWarnings } from './production/refusals.ts';
import { pushCommittedEvents } from './push/event-pushes.ts';
import { createPushService } from './push/push-service.ts';
import { pushRoutes } from './push/routes.ts';
import { currentSeq } from './realtime/read-live.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { reservationRoutes } from './reservations/routes.ts';
import { sweepReservations } from './reservations/sweep-reservations.ts';
import { roleRoutes } from './roles/routes.ts';
import { seed } from './seed/seed.ts';
import { settingsRoutes } from './settings/routes.ts';
import { PRODUCT_IMAGE_PATH } from './shop/product-image.ts';
import { shopRoutes } from './shop/routes.ts';
import { sendSubscriptionAlerts } from './shop/subscriptions.ts';
import { tableRoutes } from './tables/routes.ts';
import { userRoutes } from './users/routes.ts';
import { waitlistRoutes } from './waitlist/routes.ts';
import { createWaitlistWorker, type WaitlistWorker } from './waitlist/waitlist-worker.ts';

/** What a reservation reminder needs to know of the club. */
export function reminderContext(config: Config, mailer: Mailer) {
  return { mailer, club: config.CLUB_NAME, publicUrl: config.publicUrl, timeZone: config.CLUB_TIMEZONE };
}

export interface Kiosk {
  app: OpenAPIHono<AppEnv>;
  deps: Deps;
  database: Database;
  mailer: Mailer;
  vipps: VippsPayments;
  card: CardPayments;
  waitlist: WaitlistWorker;
  /** table lights and the door (DESIGN §14) */
  devices: Devices;
  close(): Promise<void>;
}

/**
 * Builds the kiosk API on an open database: routes, error mapping, mail worker and seeds.
 * It does not listen; `main.ts` (or a test) puts it on a server.
 */
export async function createKiosk(options: {
  config: Config;
  logger: Logger;
  database?: Database;
  mailIntervalMs?: number;
  /** how often the waitlist looks for offers that ran out (it also runs after every change) */
  waitlistIntervalMs?: number;
  /** open Socket.IO connections, for `/metrics`, when the gateway runs in the same process */
  socketConnections?: (() => number) | undefined;
  /** how the Vipps simulator's webhooks reach PUBLIC_URL (default: the network, as Vipps' do) */
  publicFetch?: typeof fetch;
}): Promise<Kiosk> {
  const { config, logger } = options;
  if (config.TEST_CLOCK) enableControllableClock();
  setClubTimeZone(config.CLUB_TIMEZONE);
  const database = options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (config.NODE_ENV === 'production') {
    await refuseDemoLogins(database.db).catch(async (error: unknown) => {
      if (!options.database) await database.close();
      throw error;
    });
  }
  for (const warning of simulatorWarnings(config)) logger.warn(warning);
  // served from the start, so it is there before the first photo is uploaded
  await mkdir(config.uploadDir, { recursive: true });
  const mailer = createMailer({
    db: database.db,
    logger,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    intervalMs: options.mailIntervalMs,
    // mail bodies hold login links: readable on the console in the demo only, never in production
    printToConsole: config.NODE_ENV === 'development',
  });
  const push = createPushService({ db: database.db, config, logger });
  const deps: Deps = { db: database.db, config, logger, mailer, push };
  const waitlist = createWaitlistWorker({
    db: database.db,
    mailer,
    logger,
    publicUrl: config.publicUrl,
    club: config.CLUB_NAME,
    intervalMs: options.waitlistIntervalMs,
  });

  const reports = createErrorReports({ dsn: config.SENTRY_DSN, server: 'kiosk', environment: config.NODE_ENV });
  const app = createApi(logger, reports);
  // first, so a request's measured time includes every middleware below
  metricsRoutes(app, { db: database.db, config, socketConnections: options.socketConnections });
  // for every path, so the web pages served by main.ts get the same answer as the API
  app.use('*', strictTransport({ publicUrl: config.publicUrl, trustProxy: config.TRUST_PROXY > 0 }));
  app.use('/v1/*', serverTiming());
  app.use('/v1/*', secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  // every body is counted while it streams in, before anything reads it (refuseNul below) and
  // before the caller is known; the photo upload has a larger limit of its own, behind its admin check
  const jsonLimit = limitBody(256 * 1024);
  app.use('/v1/*', (c, next) => (c.req.path === PRODUCT_IMAGE_PATH ? next() : jsonLimit(c, next)));
  app.use('/v1/*', refuseNul);
  app.use('/v1/*', refuseCrossSite(config));
  app.use('/v1/*', authenticate(database.db, config));
  app.use('/v1/*', stampReads(database.db));

  const outboxDelivery = realtimeRoutes(app, deps, database.kind);
  healthRoutes(app, database);
  testClockRoutes(app);
  accountRoutes(app, deps);
  orderRoutes(app, deps);
  // the card simulator's webhooks reach the kiosk in-process, as a request to its own routes
  const toSelf: typeof fetch = (input, init) =>
    Promise.resolve(app.request(input instanceof Request ? input : String(input), init));
  const vipps = createVippsPayments(deps, options.publicFetch);
  const card = createCardPayments(deps, toSelf);
  paymentRoutes(app, deps, { vipps, card });
  userRoutes(app, deps);
  tableRoutes(app, deps);
  gameRoutes(app, deps);
  settingsRoutes(app, deps);
  shopRoutes(app, deps);
  roleRoutes(app, deps);
  pricingRoutes(app, deps);
  notificationRoutes(app, deps);
  reportRoutes(app, deps);
  discountRoutes(app, deps);
  cashRoutes(app, deps);
  operatorRoutes(app, deps);
  counterRoutes(app, deps);
  reservationRoutes(app, deps);
  waitlistRoutes(app, deps, waitlist);
  pushRoutes(app, deps, push);
  const devices = createDevices({ db: database.db, config, logger });
  deviceRoutes(app, deps, devices);
  docsRoutes(app);

  await seed(deps);
  await recordAppStart(database.db);
  // every event in the database now is committed: answers may claim to hold them from the start
  noteCommitted(database.db, await currentSeq(database.db));
  mailer.start();
  outboxDelivery.start();
  vipps.start();
  const finishRefunds = () =>
    Promise.all([finishStalledRefunds(deps, { vipps, card }), finishGiveBacks(deps, { vipps, card })]).catch((err) =>
      logger.warn({ err: String(err) }, 'refund sweep failed'),
    );
  await finishRefunds();
  waitlist.start();
  await devices.start();
  const stopPushes = pushCommittedEvents({ db: database.db, push, logger });
  const alerts = setInterval(() => {
    sendSubscriptionAlerts(database.db).catch((err) => logger.warn({ err: String(err) }, 'subscription alerts failed'));
    void finishRefunds();
    sweepReservations(database.db, reminderContext(config, mailer)).catch((err) =>
      logger.warn({ err: String(err) }, 'reservation sweep failed'),
    );
    expireShopOrders(database.db).catch((err) => logger.warn({ err: String(err) }, 'shop order sweep failed'));
  }, 30_000);
  alerts.unref();

  return {
    app,
    deps,
    database,
    mailer,
    vipps,
    card,
    waitlist,
    devices,
    async close() {
      clearInterval(alerts);
      stopPushes();
      await devices.close();
      await waitlist.stop();
      await outboxDelivery.stop();
      vipps.stop();
      await mailer.stop();
      await reports.close();
      if (!options.database) await database.close();
      // an in-memory kiosk's uploads live as long as it does
      if (config.DATA_DIR === IN_MEMORY) await rm(config.uploadDir, { recursive: true, force: true });
    },
  };
}

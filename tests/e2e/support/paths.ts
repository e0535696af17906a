import { ROUTES } from '@club/shared/routes';

/** The SPA's routes (SPEC §2) by who may open them, as patterns (`:id`, `:token`). */
export const PUBLIC_PATHS = [
  ROUTES.login,
  ROUTES.register,
  ROUTES.resetPassword,
  ROUTES.resetPasswordContinue,
  ROUTES.verifyComplete,
  ROUTES.privacy,
  ROUTES.networkError,
  ROUTES.tv,
  '/finnes-ikke',
];
export const PLAYER_PATHS = [
  ROUTES.home,
  ROUTES.table,
  ROUTES['payment.overview'],
  ROUTES['payment.vipps'],
  ROUTES['payment.physical'],
  ROUTES['payment.result'],
  ROUTES.profile,
  ROUTES['profile.account'],
  ROUTES['profile.orderHistory'],
  ROUTES['profile.waitingOrders'],
  ROUTES['profile.subscriptions'],
  ROUTES.changePassword,
  ROUTES.shop,
  ROUTES.cart,
  ROUTES.notifications,
  ROUTES.verify,
  ROUTES.reservations,
];
export const ADMIN_ROUTE_NAMES = (Object.keys(ROUTES) as (keyof typeof ROUTES)[]).filter((name) =>
  name.startsWith('admin.'),
);
export const ADMIN_PATHS = ADMIN_ROUTE_NAMES.map((name) => ROUTES[name]);

/**
 * Every screen of the web app by name (SPEC §2). Links, guards and tests use the names;
 * the paths are written once, here.
 */
export const ROUTES = {
  home: '/',
  table: '/table/:id',
  'payment.overview': '/payment/overview/:id',
  'payment.vipps': '/payment/vipps/:id',
  'payment.physical': '/payment/physical/:id',
  'payment.result': '/payment/result/:id',
  profile: '/profile',
  'profile.account': '/profile/account',
  'profile.orderHistory': '/profile/order-history',
  'profile.waitingOrders': '/profile/waiting-orders',
  'profile.subscriptions': '/profile/subscriptions',
  changePassword: '/profile/change-password',
  shop: '/shop',
  cart: '/shop/cart',
  notifications: '/notifications',

  verify: '/verify',
  verifyComplete: '/verify/:token',

  'admin.dashboard': '/admin',
  'admin.live': '/admin/live',
  'admin.users': '/admin/users',
  'admin.users.edit': '/admin/users/:id',
  'admin.tables': '/admin/tables',
  'admin.table': '/admin/tables/:id',
  'admin.reports': '/admin/reports',
  'admin.reports.tables': '/admin/reports/tables',
  'admin.reports.games': '/admin/reports/games',
  'admin.reports.kiosk': '/admin/reports/kiosk',
  'admin.reports.subscriptions': '/admin/reports/subscriptions',
  'admin.reports.users': '/admin/reports/users',
  'admin.reports.user': '/admin/reports/users/:id',
  'admin.roles': '/admin/roles',
  'admin.role': '/admin/roles/:id',
  'admin.products': '/admin/products',
  'admin.product': '/admin/products/:id',
  'admin.pricing': '/admin/pricing',
  'admin.pricing.edit': '/admin/pricing/:id',
  'admin.subscriptions': '/admin/subscriptions',
  'admin.subscription': '/admin/subscriptions/:id',
  'admin.orders': '/admin/orders',
  'admin.order': '/admin/orders/:id',
  'admin.discounts': '/admin/discounts',
  'admin.notifications': '/admin/notifications',
  'admin.counter': '/admin/counter',
  'admin.cash': '/admin/cash',
  'admin.club': '/admin/club',
  'admin.devices': '/admin/devices',
  'admin.doorLog': '/admin/door-log',
  'admin.reservations': '/admin/reservations',
  'admin.openingHours': '/admin/opening-hours',
  reservations: '/reservations',

  networkError: '/network-error',
  privacy: '/privacy-policy',
  tv: '/tv',

  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  resetPasswordContinue: '/reset-password-continue/:token',
} as const;

export type RouteName = keyof typeof ROUTES;

type ParamsOf<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<Rest>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<N extends RouteName> = { [K in ParamsOf<(typeof ROUTES)[N]>]: string | number };

/** `pathTo('table', { id: 1 })` → `/table/1` */
export function pathTo<N extends RouteName>(
  name: N,
  ...[params]: ParamsOf<(typeof ROUTES)[N]> extends never ? [] : [RouteParams<N>]
): string {
  let path: string = ROUTES[name];
  if (params) {
    for (const [key, value] of Object.entries(params)) {
      path = path.replace(`:${key}`, encodeURIComponent(String(value)));
    }
  }
  return path;
}

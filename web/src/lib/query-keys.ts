/**
 * The query keys of every cache entry that live server state reaches: one factory per
 * feature. The screens' `queryOptions`, the mutations' invalidations and the live cache
 * writer (socket events → cache) all build their keys here, so an event always lands in
 * the entry a screen reads and the three can never drift apart.
 *
 * Each factory's `all` is the prefix of every key it builds: invalidating it refreshes them
 * all. Keys that only one screen reads and no event touches (users, roles, pricing…) live
 * beside that screen's `queryOptions`.
 */

/** The person signed in (`GET /v1/user/profile`): the guards, the layout and every screen read it. */
export const profileKeys = {
  mine: () => ['profile'] as const,
};

/** `GET /v1/table/all` (`TTable[]`) and `GET /v1/table/{id}` (`TTable & { game }`), as players see them. */
export const tableKeys = {
  all: ['tables'] as const,
  list: () => [...tableKeys.all, 'all'] as const,
  one: (id: number) => [...tableKeys.all, 'one', id] as const,
  /** `GET /v1/pricing/mine`: what the person signed in pays per minute at each table now */
  myPrices: () => [...tableKeys.all, 'my-prices'] as const,
};

/** `GET /v1/game/active`: the logged-in person's live game, `TGame | null`. */
export const gameKeys = {
  all: ['games'] as const,
  active: () => [...gameKeys.all, 'active'] as const,
};

/** The admin screens' copies of the table list and one table (with its game). */
export const adminTableKeys = {
  all: ['admin-tables'] as const,
  list: () => [...adminTableKeys.all, 'all'] as const,
  one: (id: number) => [...adminTableKeys.all, 'one', id] as const,
};

/** Every order: history, waiting, one order, its payment status, the admin lists. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (page: number) => [...orderKeys.all, 'my', page] as const,
  waiting: () => [...orderKeys.all, 'waiting'] as const,
  one: (id: number) => [...orderKeys.all, 'detail', id] as const,
  paymentStatus: (id: number) => [...orderKeys.all, 'payment-status', id] as const,
  adminList: (filter: object) => [...orderKeys.all, 'all', filter] as const,
  kioskQueue: () => [...orderKeys.all, 'kiosk-queue'] as const,
  /** orders others asked this person to take over */
  incomingTransfers: () => [...orderKeys.all, 'transfers', 'incoming'] as const,
};

/** The person's inbox (with the unread count) and the admin's list. */
export const notificationKeys = {
  all: ['notifications'] as const,
  mine: () => [...notificationKeys.all, 'my'] as const,
  admin: () => [...notificationKeys.all, 'admin'] as const,
};

/**
 * The reservation screens: the player's list, the days of staff's timeline, the hours (which
 * the wall TV reads too) and the booking rules.
 */
export const reservationKeys = {
  all: ['reservations'] as const,
  mine: () => [...reservationKeys.all, 'my'] as const,
  /** every day of staff's timeline read so far */
  days: () => [...reservationKeys.all, 'day'] as const,
  day: (date: string) => [...reservationKeys.days(), date] as const,
  /** `GET /v1/settings/opening-hours`: the hours and whether the club is open now */
  openingHours: () => [...reservationKeys.all, 'opening-hours'] as const,
  settings: () => [...reservationKeys.all, 'settings'] as const,
};

/** The counter's own reads; each refreshes after a counter action. */
export const counterKeys = {
  all: ['counter'] as const,
  /** who is signed in at this device's counter */
  operator: () => [...counterKeys.all, 'operator'] as const,
  operators: () => [...counterKeys.all, 'operators'] as const,
  walkIns: () => [...counterKeys.all, 'walk-ins'] as const,
  products: () => [...counterKeys.all, 'products'] as const,
  tables: () => [...counterKeys.all, 'tables'] as const,
  openSales: () => [...counterKeys.all, 'open-sales'] as const,
  receipt: (orderId: number, lang: string) => [...counterKeys.all, 'receipt', orderId, lang] as const,
};

/** `GET /v1/report/dashboard`: today's figures and the approval queue. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** The person's prepaid hours: every subscription and the active one. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionKeys.all, 'my'] as const,
  active: () => [...subscriptionKeys.all, 'active'] as const,
};

/** The shop's products (with stock) and hours for sale. */
export const shopKeys = {
  all: ['shop'] as const,
  products: () => [...shopKeys.all, 'products'] as const,
  subscriptions: () => [...shopKeys.all, 'subscriptions'] as const,
};

/** The waitlist: the person's own place (`GET /v1/waitlist`) and the whole line staff see. */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  mine: () => [...waitlistKeys.all, 'mine'] as const,
  line: () => [...waitlistKeys.all, 'line'] as const,
};

/** The live snapshot of a realtime room (`floor`, `admin`, `table:{id}`, `user:{id}`): `TRoomSnapshot`. */
export const liveKeys = {
  all: ['live'] as const,
  room: (room: string) => [...liveKeys.all, room] as const,
};

/** The admin's user lists and one user (read by the user screens and the reports). */
export const userKeys = {
  all: ['users'] as const,
  list: (query: object) => [...userKeys.all, 'list', query] as const,
  one: (id: number) => [...userKeys.all, 'one', id] as const,
};

/** Role prices and the tables they apply to; a deleted role takes its prices with it. */
export const pricingKeys = {
  all: ['pricing'] as const,
  list: () => [...pricingKeys.all, 'all'] as const,
  tables: () => [...pricingKeys.all, 'tables'] as const,
};

/** `GET /v1/settings/payments`: the ways of paying the club has switched on. */
export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
};

/**
 * Query keys shared across features. Each feature's `queryOptions` factory owns its key;
 * the ones here are the keys that more than one feature writes into — the live socket
 * client writes realtime events into the very entries the table, home, order and
 * notification screens read. Features should build their keys from these builders so the
 * two can never drift apart.
 */

/** Every table query (`GET /v1/table/all`, `GET /v1/table/{id}`) starts with this. */
export const tablesKey = ['tables'] as const;
/** `GET /v1/table/all`: `TTable[]` */
export const tablesAllKey = () => [...tablesKey, 'all'] as const;
/** `GET /v1/table/{id}`: `TTable & { game: TGame | null }` */
export const tableKey = (id: number) => [...tablesKey, 'one', id] as const;

/** `GET /v1/game/active`: the logged-in person's live game, `TGame | null` */
export const activeGameKey = () => ['games', 'active'] as const;

/** Admin screens' copy of `GET /v1/table/all` (`TTable[]`) starts with this. */
export const adminTablesKey = ['admin-tables'] as const;
export const adminTablesAllKey = () => [...adminTablesKey, 'all'] as const;

/** Every order query (history, waiting, detail, payment status, admin lists) starts with this. */
export const ordersKey = ['orders'] as const;

/** Every notification query (the inbox, the unread badge) starts with this. */
export const notificationsKey = ['notifications'] as const;

/** `GET /v1/report/dashboard`: `TDashboard` (today's figures, the approval queue). */
export const dashboardKey = () => ['dashboard'] as const;

/** The live snapshot of a realtime room (`floor`, `admin`, `table:{id}`, `user:{id}`): `TRoomSnapshot`. */
export const liveRoomKey = (room: string) => ['live', room] as const;

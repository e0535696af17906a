import type { LiveTopic } from '@club/shared/live-events';
import type { TLiveFeed, TRoomSnapshot } from '@club/shared/realtime';
import type { QueryKey } from '@tanstack/react-query';
import {
  counterKeys,
  dashboardKeys,
  gameKeys,
  notificationKeys,
  orderKeys,
  reservationKeys,
  shopKeys,
  subscriptionKeys,
  tableKeys,
  waitlistKeys,
} from '../../../lib/query-keys.ts';

/**
 * What each feed's change makes stale (LIVE_FEEDS in the socket contract): the entries that
 * show it, read again where a screen shows them now.
 */
const FEED_KEYS: Record<TLiveFeed, readonly (readonly unknown[])[]> = {
  reservations: [reservationKeys.days()],
  transfers: [orderKeys.incomingTransfers()],
  notification_reads: [notificationKeys.admin()],
  counter_operators: [counterKeys.operator(), counterKeys.operators()],
  products: [shopKeys.products(), counterKeys.products()],
  opening_hours: [reservationKeys.openingHours()],
  prices: [tableKeys.myPrices()],
};

/**
 * What an event of each kind makes stale, besides what it writes into the cache itself (a
 * table, a game, a tick): read again where a screen shows it now.
 */
export function staleAfter(topic: LiveTopic): readonly QueryKey[] {
  switch (topic) {
    case 'table:updated':
    case 'floor:snapshot':
      return [dashboardKeys.all];
    case 'game:updated':
    case 'game:tick':
      return [];
    case 'player:kicked':
      // the game's own `game:updated` carries the seats; the kicked person's lists move on
      return [gameKeys.active(), orderKeys.all];
    case 'order:updated':
      // an order moving on also moves prepaid hours (a game's minutes, hours bought)
      return [orderKeys.all, dashboardKeys.all, subscriptionKeys.all];
    case 'notification:new':
      return [notificationKeys.all];
    case 'waitlist:updated':
    case 'waitlist:offer':
      // the place, the offer and the expected wait are read again
      return [waitlistKeys.all];
    default:
      return FEED_KEYS[topic.slice('feed:'.length) as TLiveFeed];
  }
}

/**
 * The kinds of event a room hears that its snapshot does not hold (its tables, its game):
 * what its lost events would have refreshed is read again. A member's own room counts what
 * everyone logged in hears with it (`members`: products, prices).
 */
export const MISSABLE: Record<TRoomSnapshot['kind'], readonly LiveTopic[]> = {
  user: ['order:updated', 'notification:new', 'waitlist:updated', 'feed:transfers', 'feed:products', 'feed:prices'],
  admin: [
    'order:updated',
    'waitlist:updated',
    'feed:reservations',
    'feed:notification_reads',
    'feed:counter_operators',
  ],
  floor: ['feed:opening_hours'],
  table: [],
};

/**
 * Data the screens read over HTTP that others change (DESIGN §5): the kiosk names the feed that
 * changed (`feed.changed`), the gateway tells the feed's audience (`feed:changed`), and the web
 * reads that feed again. Audience: `staff` the admin room; `named` the own rooms of the people
 * the event names (and no one else); `members` everyone logged in; `everyone` the floor.
 */
export const LIVE_FEEDS = {
  /** the reservations of a day (staff's list) */
  reservations: 'staff',
  /** the orders others ask a person to take over */
  transfers: 'named',
  /** how many members have read each notification */
  notification_reads: 'staff',
  /** who is signed in at each counter */
  counter_operators: 'staff',
  /** the products for sale and their stock */
  products: 'members',
  /** the club's opening hours */
  opening_hours: 'everyone',
  /** what a minute at each table costs (table, role and happy-hour prices) */
  prices: 'members',
} as const satisfies Record<string, 'staff' | 'named' | 'members' | 'everyone'>;
export type TLiveFeed = keyof typeof LIVE_FEEDS;
export const LIVE_FEED_NAMES = Object.keys(LIVE_FEEDS) as [TLiveFeed, ...TLiveFeed[]];

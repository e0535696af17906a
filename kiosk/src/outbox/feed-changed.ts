import type { TKioskEventBody, TLiveFeed } from '@club/shared/realtime';

/**
 * The event that tells a feed's audience (LIVE_FEEDS) to read it again, written with the change
 * it announces. `userIds`: whom a `named` feed concerns (the only people who hear of it).
 */
export function feedChanged(feed: TLiveFeed, userIds?: number[]): TKioskEventBody {
  return userIds
    ? { type: 'feed.changed', payload: { feed, user_ids: userIds } }
    : { type: 'feed.changed', payload: { feed } };
}

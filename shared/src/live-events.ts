/**
 * The client's side of the realtime protocol without zod (DESIGN §5): the events a client
 * listens to, its gap rule and how it comes back. The web's live client runs on these while
 * the payloads' schemas (`ZServerPayloads` in realtime.ts) are checked off the page's thread.
 */
import { LIVE_FEED_NAMES, type TLiveFeed } from './live-feeds.ts';

/** Every server → client event: what a client listens to. */
export const LIVE_EVENTS = [
  'floor:snapshot',
  'table:updated',
  'game:updated',
  'game:tick',
  'player:kicked',
  'order:updated',
  'notification:new',
  'waitlist:updated',
  'waitlist:offer',
  'feed:changed',
] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

/**
 * What kind of change an event is, as a room's snapshot counts them (`heard` in DESIGN §5): its
 * name, or for a feed's change the feed (`feed:products`), since each feed refreshes other lists.
 */
export type LiveTopic = Exclude<LiveEventName, 'feed:changed'> | `feed:${TLiveFeed}`;
export function topicOf(event: LiveEventName, payload: { feed?: TLiveFeed }): LiveTopic {
  // every `feed:changed` names its feed (ZServerPayloads)
  return event === 'feed:changed' ? `feed:${payload.feed!}` : event;
}

const TOPICS = new Set<string>([
  ...LIVE_EVENTS.filter((event) => event !== 'feed:changed'),
  ...LIVE_FEED_NAMES.map((feed) => `feed:${feed}`),
]);
/** Whether a snapshot's kind of event is one this client knows (a newer server may name others). */
export const isLiveTopic = (name: string): name is LiveTopic => TOPICS.has(name);

/** A client's gap rule, so that every screen applies it alike. */
export function missedEvents(lastSeq: number | undefined, payload: { prev_seq: number | null }): boolean {
  return lastSeq !== undefined && payload.prev_seq !== null && payload.prev_seq > lastSeq;
}

/**
 * How a client comes back after losing its gateway (a gateway restarted or died): the first try
 * within a quarter second, since the balancer sends it to a live gateway at once, then backing
 * off to half a minute; a connect that hangs is given up after five seconds and tried again.
 */
export const RECONNECT = { firstDelayMs: 250, maxDelayMs: 30_000, connectTimeoutMs: 5_000 } as const;

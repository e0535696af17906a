import type { ClientToServerEvents, ServerPayload, ServerToClientEvents, TRoomSnapshot } from '@club/shared/realtime';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { SchemaChecks } from '../../../lib/schema-checks.ts';
import type { CacheWriter } from './cache-writer.ts';

/** What the live client is given and what it offers the screens. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';
export type KickedPayload = ServerPayload<'player:kicked'>;

export interface LiveClientOptions {
  /** the gateway's origin; the page's own when absent */
  url?: string;
  /**
   * An API client's bearer token for the handshake (tests, devices). A browser has none to
   * give: its HttpOnly session cookie goes with the websocket's handshake by itself.
   */
  getToken?(): string | null;
  writer: CacheWriter;
  /** where snapshots and events are checked against the contract, in the order they came */
  checks: SchemaChecks;
  /** the logged-in person's user id (for `player:kicked` in their own room) */
  me(): number | null;
  /** a `player:kicked` for the logged-in person, in their own room */
  onKicked?(payload: KickedPayload): void;
  /** the gateway refused the token: let the API client decide whether the session is gone */
  onAuthRejected?(): void;
  /** what the screens' reads hold (`ApiClient.readsHold`): a room joined after them may need none again */
  readsHold?(): number | undefined;
  log?(message: string, detail?: unknown): void;
  /** for tests: another socket factory, shorter delays */
  connect?: (url: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => LiveSocket;
  retryMinMs?: number;
  retryMaxMs?: number;
  ackTimeoutMs?: number;
  /** how long an unfollowed room stays subscribed (a screen coming right back) */
  lingerMs?: number;
  /** where visibility changes are heard (a sleeping phone); none in tests without a DOM */
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
}

export interface LiveClient {
  status(): LiveStatus;
  onStatus(listener: () => void): () => void;
  /** follows a room (ref-counted) until the returned function is called */
  follow(room: string): () => void;
  /** the room's next snapshot (for a query function): subscribes or syncs as needed */
  snapshot(room: string): Promise<TRoomSnapshot>;
  /** asks for a fresh snapshot of a followed room */
  sync(room: string): void;
  /** asks for a fresh snapshot of every followed room */
  syncAll(): void;
  /** the last sequence number applied for a room */
  lastSeq(room: string): number | undefined;
  /** now on the server's clock, corrected by the skew of the last snapshot */
  serverNow(): number;
  /** the login changed (login, logout): connect again with the new one */
  restart(): void;
  close(): void;
  /** for tests */
  readonly socket: LiveSocket;
}

/**
 * What a club evening (`evening.ts`) is played with and leaves behind: its options, the model
 * it keeps of the club (players, seats, tables), the record the reconciliation checks
 * (`reconcile.ts`), and its result.
 */
import type { TestClient } from '@club/realtime/testing';
import type { TSubscriptionProduct } from '@club/shared/shop';
import type { Api } from './api.ts';

export interface EveningOptions {
  url: string;
  admin: { email: string; password: string };
  seed: number;
  players?: number;
  tables?: number;
  rounds?: number;
  /** runs while a round's requests are in flight (a drill kills the server here) */
  duringRound?: (round: number) => Promise<void>;
  /** after a round settled; answers true when the server was restarted meanwhile */
  afterRound?: (round: number) => Promise<boolean>;
  log?: (line: string) => void;
  /**
   * While it answers true the club's clock stays where it is and the rounds play on: for a
   * measurement beside the evening that must not see a day go by (a login lasts one day).
   */
  clockHeld?: () => boolean;
}

export interface Seat {
  tableId: number;
  gameId: number;
  /** the host's player row */
  playerId: number;
  guests: { name: string; playerId: number }[];
}

export interface Player {
  index: number;
  id: number;
  email: string;
  token: string;
  member: boolean;
  state: 'idle' | 'seated' | 'home';
  seat: Seat | null;
  /** waiting orders to settle */
  pending: number[];
  /** orders on the tab (pay later) */
  tab: number[];
  guestsBrought: number;
  played: boolean;
  /** whether the last request touching this player got no answer (server died) */
  uncertain: boolean;
}

export interface TableModel {
  id: number;
  capacity: number;
  price: number;
  gameId: number | null;
  paused: boolean;
}

/** What the evening knows for certain, for the reconciliation. */
export interface EveningRecord {
  seed: number;
  startedAt: string;
  endedAt: string;
  userIds: number[];
  tableIds: number[];
  /** every game id the evening saw */
  gameIds: number[];
  /** product id → stock when the evening began */
  initialStock: Record<number, number>;
  productNames: Record<string, number>;
  subscriptionProducts: TSubscriptionProduct[];
  /** order id → the last status an answer confirmed (null: created, then no confirmed change) */
  ackedOrders: Record<number, string | null>;
  /** order id → the items the answer of checkout showed (product or subscription id → count) */
  ackedCheckouts: Record<number, Record<string, number>>;
  /** order id → the method of a payment whose answer confirmed it */
  ackedPayments: Record<number, string>;
  /** order id → the amounts refunded on it, as answered (or read back after an unanswered refund) */
  refunds: Record<number, number[]>;
}

export interface SocketWatch {
  name: string;
  room: string;
  client: TestClient;
  /** the highest kiosk seq this client has seen for its room */
  lastSeq: number;
  resyncs: number;
  /** the seq of the snapshot taken at the last resync */
  resyncSeq: number;
}

export interface EveningResult {
  record: EveningRecord;
  adminToken: string;
  sockets: SocketWatch[];
  stats: Record<string, number>;
  api: Api;
  /** what the evening itself found wrong (a write that was answered but then lost, …) */
  problems: string[];
  /** errors of actions that a restart broke off (their outcome was read back instead) */
  tolerated: string[];
  /** closes the socket clients */
  close(): void;
}

/** One step of a round: who and which tables it busies (one action each a round), and the calls it makes. */
export interface Action {
  who: Player[];
  tables: number[];
  run: () => Promise<void>;
  label: string;
}

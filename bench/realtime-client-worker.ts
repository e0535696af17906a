/**
 * One of the realtime bench's client processes: holds its share of the phones (a few thousand
 * socket.io-client connections, well under a process's open-file limit), stamps each client's
 * first receipt of a round on the shared clock, and tells the bench when all of its clients that
 * watch the round's table have it. The bench process itself holds no sockets.
 */
import { io, type Socket } from 'socket.io-client';
import { sharedNow } from './lib.ts';

export type Side = 'ours' | 'bare';

/** One phone: where it connects, the room it watches (floor, or the table `tableId`'s room). */
export interface ClientSpec {
  side: Side;
  url: string;
  room: string;
  tableId: number | null;
  token?: string;
}

export type ToWorker =
  | { type: 'connect'; clients: ClientSpec[]; localAddress: string }
  | { type: 'arm'; side: Side; round: number; tableId: number }
  | { type: 'collect' }
  | { type: 'close' };

export type FromWorker =
  | { type: 'connected'; count: number }
  | { type: 'armed' }
  | { type: 'done'; side: Side; round: number; floor?: unknown; table?: unknown }
  /**
   * per side, per round: each watching client's first receipt (shared clock, ms) and how many
   * connected clients watched it; per side, the connections dropped, by reason
   */
  | {
      type: 'receipts';
      receipts: Record<Side, Record<number, number[]>>;
      expected: Record<Side, Record<number, number>>;
      dropped: Record<Side, Record<string, number>>;
    }
  | { type: 'closed' }
  | { type: 'failed'; error: string };

interface Client extends ClientSpec {
  socket: Socket;
  /** the last round this client counted, so a repeated event counts once */
  last: number;
}

const send = (message: FromWorker) => process.send?.(message);
const clients: Client[] = [];
const receipts: Record<Side, Map<number, number[]>> = { ours: new Map(), bare: new Map() };
const expected: Record<Side, Map<number, number>> = { ours: new Map(), bare: new Map() };
/**
 * A socket the server (or a machine too busy to answer its pings) closed stays closed: it is
 * counted here, and no longer expected to receive, so a round does not wait for it in vain.
 */
const dropped: Record<Side, Record<string, number>> = { ours: {}, bare: {} };
let closing = false;
/** the round each side waits for, what its clients must see, and the payloads caught for bare */
const armed: Record<Side, { round: number; tableId: number; expected: number; floor?: unknown; table?: unknown }> = {
  ours: { round: -1, tableId: -1, expected: 0 },
  bare: { round: -1, tableId: -1, expected: 0 },
};

function received(c: Client, side: Side, round: number, at: number) {
  if (c.last === round) return;
  c.last = round;
  const times = receipts[side].get(round) ?? [];
  if (!times.length) receipts[side].set(round, times);
  times.push(at);
  const a = armed[side];
  if (a.round === round && times.length === a.expected)
    send({ type: 'done', side, round, floor: a.floor, table: a.table });
}

function listen(c: Client) {
  c.socket.on('disconnect', (reason) => {
    if (!closing) dropped[c.side][reason] = (dropped[c.side][reason] ?? 0) + 1;
  });
  if (c.side === 'ours') {
    // the gateway's events name their table, not the round: the round is the one armed
    if (c.tableId === null)
      c.socket.on('table:updated', (p: { table: { id: number } }) => {
        const at = sharedNow();
        if (p.table.id !== armed.ours.tableId) return;
        armed.ours.floor ??= p;
        received(c, 'ours', armed.ours.round, at);
      });
    else
      c.socket.on('game:updated', (p: { game: { table_id: number } }) => {
        const at = sharedNow();
        if (p.game.table_id !== armed.ours.tableId) return;
        armed.ours.table ??= p;
        received(c, 'ours', armed.ours.round, at);
      });
  } else {
    c.socket.on(c.tableId === null ? 'table:updated' : 'game:updated', (p: { bench_round: number }) => {
      received(c, 'bare', p.bench_round, sharedNow());
    });
  }
}

/**
 * One phone's socket, connected. Thousands connect at once while the machine is busy, so a
 * handshake may take long or fail: it is given two minutes and three tries.
 */
async function open(spec: ClientSpec, localAddress: string): Promise<Socket> {
  for (let attempt = 1; ; attempt++) {
    // engine.io-client hands `localAddress` to ws, though its options type leaves it out
    const options: Parameters<typeof io>[1] & { localAddress: string } = {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 120_000,
      // the bare server puts a socket in the room its handshake names; the gateway is asked
      ...(spec.side === 'bare' ? { query: { room: spec.room } } : { auth: spec.token ? { token: spec.token } : {} }),
      // a source address per process, so tens of thousands of sockets never run out of ports
      localAddress,
    };
    const socket = io(spec.url, options);
    const error = await new Promise<Error | undefined>((resolve) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', (e) => resolve(e));
    });
    if (!error) return socket;
    socket.close();
    if (attempt === 3) throw new Error(`${spec.url}: ${error.message} (${attempt} tries)`);
  }
}

async function connect(specs: ClientSpec[], localAddress: string) {
  for (let i = 0; i < specs.length; i += 250) {
    const wave = await Promise.all(
      specs
        .slice(i, i + 250)
        .map(async (spec): Promise<Client> => ({ ...spec, socket: await open(spec, localAddress), last: -1 })),
    );
    for (const c of wave) listen(c);
    clients.push(...wave);
  }
  const ours = clients.filter((c) => c.side === 'ours');
  for (let i = 0; i < ours.length; i += 500) {
    const answers = await Promise.all(
      ours
        .slice(i, i + 500)
        .map((c) => c.socket.timeout(120_000).emitWithAck('subscribe', { room: c.room }) as Promise<object>),
    );
    const refused = answers.find((a) => !('data' in a));
    if (refused) throw new Error(`subscribe refused: ${JSON.stringify(refused)}`);
  }
}

function arm(side: Side, round: number, tableId: number) {
  const watching = clients.filter(
    (c) => c.side === side && c.socket.connected && (c.tableId === null || c.tableId === tableId),
  ).length;
  armed[side] = { round, tableId, expected: watching };
  expected[side].set(round, watching);
  send({ type: 'armed' });
  if (watching === 0) send({ type: 'done', side, round });
}

process.on('message', (message: ToWorker) => {
  const fail = (error: unknown) => send({ type: 'failed', error: String(error) });
  switch (message.type) {
    case 'connect':
      connect(message.clients, message.localAddress).then(
        () => send({ type: 'connected', count: clients.length }),
        fail,
      );
      break;
    case 'arm':
      arm(message.side, message.round, message.tableId);
      break;
    case 'collect':
      send({
        type: 'receipts',
        receipts: {
          ours: Object.fromEntries(receipts.ours),
          bare: Object.fromEntries(receipts.bare),
        },
        expected: { ours: Object.fromEntries(expected.ours), bare: Object.fromEntries(expected.bare) },
        dropped,
      });
      for (const map of [receipts.ours, receipts.bare, expected.ours, expected.bare]) map.clear();
      dropped.ours = {};
      dropped.bare = {};
      break;
    case 'close':
      closing = true;
      for (const c of clients) c.socket.close();
      send({ type: 'closed' });
      break;
  }
});
// the bench went away: so do its phones
process.on('disconnect', () => process.exit(0));

/**
 * The realtime bench's phones, in client processes of their own (`realtime-client-worker.ts`):
 * one process may open at most `ulimit -n` files, and 20 000 sockets a side (40 000 with the
 * bare server's) would not fit in one. Each process takes at most PER_PROCESS sockets and its own
 * loopback source address. The bench arms a round, makes the change, and is told when every
 * watching client has it; the receipt times themselves come back once, at the end of a size.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { adopt } from './lib.ts';
import type { ClientSpec, FromWorker, Side, ToWorker } from './realtime-client-worker.ts';

export type { ClientSpec, Side };

/** well under the open-file limit (20 000 here), and a share two cores can read in time */
const PER_PROCESS = Number(process.env.BENCH_CLIENTS_PER_PROCESS ?? 5000);
const WORKER = fileURLToPath(new URL('./realtime-client-worker.ts', import.meta.url));

/** a fresh loopback source address for every client process of the run: 127.0.1.2, 127.0.1.3, … */
let addresses = 0;
const nextAddress = () => {
  const n = addresses++;
  return `127.0.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`;
};

interface Worker {
  child: ChildProcess;
  /** resolves the next answer of this type */
  next<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>>;
}

function startWorker(onDone: (message: Extract<FromWorker, { type: 'done' }>) => void): Worker {
  const child = adopt(
    fork(WORKER, [], {
      execArgv: ['--import', 'tsx'],
      // receipt times travel as structured clones, not JSON
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const waiting = new Map<string, ((message: FromWorker) => void)[]>();
  let failure: Error | undefined;
  child.on('message', (message: FromWorker) => {
    if (message.type === 'done') return onDone(message);
    if (message.type === 'failed') failure = new Error(`a client process failed: ${message.error}`);
    const queue = waiting.get(message.type) ?? [];
    const resolve = queue.shift();
    resolve?.(message);
    if (failure) for (const q of waiting.values()) for (const r of q.splice(0)) r(message);
  });
  child.on('exit', (code) => {
    failure ??= new Error(`a client process exited (${code})`);
    for (const q of waiting.values()) for (const r of q.splice(0)) r({ type: 'failed', error: failure.message });
  });
  return {
    child,
    next: (type) =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        const queue = waiting.get(type) ?? [];
        waiting.set(type, queue);
        queue.push((m) => (m.type === 'failed' ? reject(new Error(m.error)) : resolve(m as never)));
      }),
  };
}

export interface RoundReceipts {
  /** per side, per round: every receipt's time on the shared clock */
  ours: Map<number, number[]>;
  bare: Map<number, number[]>;
  /** per side, per round: how many connected clients watched it when it was armed */
  expected: Record<Side, Map<number, number>>;
  /** per side: connections the server or the machine dropped, by Socket.IO's reason */
  dropped: Record<Side, Record<string, number>>;
}

export function createClientPool() {
  const workers: Worker[] = [];
  let round: { side: Side; round: number; left: number; payloads: { floor?: unknown; table?: unknown } } | undefined;
  let finished: (() => void) | undefined;
  const onDone = (m: Extract<FromWorker, { type: 'done' }>) => {
    if (!round || round.side !== m.side || round.round !== m.round) return;
    round.payloads.floor ??= m.floor;
    round.payloads.table ??= m.table;
    if (--round.left === 0) finished?.();
  };
  const ask = <T extends FromWorker['type']>(w: Worker, message: ToWorker, answer: T) => {
    const next = w.next(answer);
    w.child.send(message);
    return next;
  };

  return {
    /** Connects these clients (and subscribes ours to their rooms) in new processes. */
    async add(specs: ClientSpec[]) {
      const fresh: Worker[] = [];
      for (let i = 0; i < specs.length; i += PER_PROCESS) fresh.push(startWorker(onDone));
      workers.push(...fresh);
      await Promise.all(
        fresh.map((w, i) =>
          ask(
            w,
            {
              type: 'connect',
              clients: specs.slice(i * PER_PROCESS, (i + 1) * PER_PROCESS),
              localAddress: nextAddress(),
            },
            'connected',
          ),
        ),
      );
    },
    get processes() {
      return workers.length;
    },
    /** Every process now counts this round's receipts of `side` (events about `tableId`). */
    async arm(side: Side, r: number, tableId: number) {
      round = { side, round: r, left: workers.length, payloads: {} };
      await Promise.all(workers.map((w) => ask(w, { type: 'arm', side, round: r, tableId }, 'armed')));
    },
    /**
     * Resolves when every watching client has the armed round (or after `timeoutMs`), with a
     * floor and a table payload one of them got (ours: what the bare server then sends).
     */
    async settled(timeoutMs = 10_000): Promise<{ complete: boolean; floor?: unknown; table?: unknown }> {
      const current = round!;
      const complete =
        current.left === 0 ||
        (await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), timeoutMs);
          finished = () => {
            clearTimeout(timer);
            resolve(true);
          };
        }));
      finished = undefined;
      return { complete, ...current.payloads };
    },
    async receipts(): Promise<RoundReceipts> {
      const all: RoundReceipts = {
        ours: new Map(),
        bare: new Map(),
        expected: { ours: new Map(), bare: new Map() },
        dropped: { ours: {}, bare: {} },
      };
      for (const w of workers) {
        const answer = await ask(w, { type: 'collect' }, 'receipts');
        for (const side of ['ours', 'bare'] as const) {
          for (const [r, times] of Object.entries(answer.receipts[side]))
            all[side].set(Number(r), (all[side].get(Number(r)) ?? []).concat(times));
          for (const [r, n] of Object.entries(answer.expected[side]))
            all.expected[side].set(Number(r), (all.expected[side].get(Number(r)) ?? 0) + n);
          for (const [reason, n] of Object.entries(answer.dropped[side]))
            all.dropped[side][reason] = (all.dropped[side][reason] ?? 0) + n;
        }
      }
      return all;
    },
    async close() {
      await Promise.all(workers.map((w) => ask(w, { type: 'close' }, 'closed').catch(() => undefined)));
      for (const w of workers) w.child.disconnect();
      workers.length = 0;
    },
  };
}

export type ClientPool = ReturnType<typeof createClientPool>;

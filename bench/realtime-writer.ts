/**
 * The realtime bench's writes (the kiosk API request that changes a game, and the bare server's
 * broadcast request), made from a thread of their own (`round-writer.ts`), so that their answers
 * never wait in line behind the bench's own work; times on the shared clock (`sharedNow`).
 */
import { Worker } from 'node:worker_threads';
import type { WriteAnswer, WriteRequest } from './round-writer.ts';

export function startWriter() {
  // a worker thread does not inherit tsx's loader: it registers it, then loads the writer
  const entry = JSON.stringify(new URL('./round-writer.ts', import.meta.url).href);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`, {
    eval: true,
  });
  const waiting = new Map<number, (answer: WriteAnswer) => void>();
  worker.on('message', (answer: WriteAnswer) => waiting.get(answer.id)?.(answer));
  let next = 0;
  return {
    async write(url: string, body: unknown, token?: string) {
      const id = next++;
      const answer = await new Promise<WriteAnswer>((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, url, body, token } satisfies WriteRequest);
      });
      waiting.delete(id);
      if (answer.error || answer.status >= 400) throw new Error(`${url}: ${answer.status} ${answer.error ?? ''}`);
      return { start: answer.start, answered: answer.answered, serverTiming: answer.serverTiming };
    },
    close: () => worker.terminate(),
  };
}

export type Writer = ReturnType<typeof startWriter>;

/** When the request's events committed, in ms after the kiosk got it (its `Server-Timing`). */
export function eventsWrittenAfter(serverTiming: string): number {
  const dur = /(?:^|,\s*)events;dur=([\d.]+)/.exec(serverTiming)?.[1];
  if (dur === undefined) throw new Error('the kiosk did not say when its events committed (Server-Timing)');
  return Number(dur);
}

/**
 * The realtime bench's writer: a thread of its own that makes each round's state change (the
 * kiosk API request, or the bare server's broadcast request) and reports its times. The device
 * that changes a game is not one of the phones watching it: on the bench's main thread, busy
 * reading thousands of sockets, the answer's handling would stand in line with the receipts it
 * is measured against, and more so for ours, whose answer arrives during the fan-out.
 */
import { parentPort } from 'node:worker_threads';
import { lowestPriority, sharedNow as now } from './lib.ts';

// on a machine this small the answer's handling would still take CPU from the server and the
// phones during the fan-out, which no phone's device does. In a bare round the answer comes
// after the broadcast, so only ours paid for it.
lowestPriority('this thread');

export interface WriteRequest {
  id: number;
  url: string;
  body: unknown;
  token?: string;
}

/** Times on the shared clock (`sharedNow`, ms since the epoch). */
export interface WriteAnswer {
  id: number;
  start: number;
  answered: number;
  status: number;
  serverTiming: string;
  error?: string;
}

parentPort?.on('message', async (request: WriteRequest) => {
  const start = now();
  try {
    const res = await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      },
      body: JSON.stringify(request.body),
    });
    await res.arrayBuffer();
    const answer: WriteAnswer = {
      id: request.id,
      start,
      answered: now(),
      status: res.status,
      serverTiming: res.headers.get('server-timing') ?? '',
    };
    parentPort?.postMessage(answer);
  } catch (error) {
    parentPort?.postMessage({
      id: request.id,
      start,
      answered: now(),
      status: 0,
      serverTiming: '',
      error: String(error),
    });
  }
});

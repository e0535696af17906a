import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One item of an envelope Sentry's SDK sent: its header and its payload (an event is JSON). */
export interface EnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * For tests: a Sentry ingest on this machine, over plain HTTP, that keeps every envelope
 * posted to it. Its `dsn` is what SENTRY_DSN would hold.
 */
export async function startSentryHost(): Promise<{
  dsn: string;
  /** the events received so far */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}> {
  const items: EnvelopeItem[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // an envelope is newline-delimited JSON: its header, then a header and a payload per item
      const [, ...lines] = Buffer.concat(chunks).toString('utf8').split('\n');
      for (let i = 0; i + 1 < lines.length; i += 2) {
        const header = JSON.parse(lines[i] ?? '{}') as { type: string };
        items.push({ type: header.type, payload: JSON.parse(lines[i + 1] ?? '{}') as Record<string, unknown> });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    events: () => items.filter((item) => item.type === 'event').map((item) => item.payload),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A table's QR code as SVG markup for the wall TV, drawn in a worker (`table-qr.worker.ts`).
 * The QR library's load and a code's drawing (its mask is chosen by scoring all eight) were the
 * TV's longest tasks after its first render, 40–75 ms for the first code on a busy machine.
 * Where no worker starts (a test without a DOM, an old browser, a worker that failed to load),
 * the codes are drawn on the page, one a task.
 */
import { TABLE_QR_OPTIONS, type TableQrAnswer, type TableQrRequest } from './table-qr-options.ts';

type Asked = { text: string; resolve(svg: string): void; reject(error: Error): void };

const waiting = new Map<number, Asked>();
let ids = 0;
let worker: Worker | null | undefined;
let onThePage: Promise<unknown> = Promise.resolve();

function drawOnThePage({ text, resolve, reject }: Asked) {
  const drawn = onThePage
    .then(() => new Promise((next) => setTimeout(next, 0)))
    .then(() => import('qrcode'))
    .then(({ default: QRCode }) => QRCode.toString(text, TABLE_QR_OPTIONS));
  onThePage = drawn.catch(() => undefined);
  drawn.then(resolve, reject);
}

function giveUpWorker() {
  worker?.terminate();
  worker = null;
  for (const asked of waiting.values()) drawOnThePage(asked);
  waiting.clear();
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return null;
  try {
    const started = new Worker(new URL('./table-qr.worker.ts', import.meta.url), { type: 'module', name: 'qr' });
    started.addEventListener('message', ({ data }: MessageEvent<TableQrAnswer>) => {
      const asked = waiting.get(data.id);
      waiting.delete(data.id);
      if ('svg' in data) asked?.resolve(data.svg);
      else asked?.reject(new Error(data.error));
    });
    started.addEventListener('error', giveUpWorker);
    worker = started;
  } catch {
    // no worker here: the codes are drawn on the page
  }
  return worker;
}

/** The SVG markup of `text`'s QR code. */
export function tableQrSvg(text: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const asked: Asked = { text, resolve, reject };
    const started = startWorker();
    if (!started) {
      drawOnThePage(asked);
      return;
    }
    const id = ++ids;
    waiting.set(id, asked);
    started.postMessage({ id, text } satisfies TableQrRequest);
  });
}

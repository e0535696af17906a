/**
 * A table's QR code as SVG markup for the wall TV, drawn in a worker (`table-qr.worker.ts`).
 * The QR library's load and a code's drawing (its mask is chosen by scoring all eight) were the
 * TV's longest tasks after its first render, 40–75 ms for the first code on a busy machine.
 * Where no worker starts, the codes are drawn on the page, one a task (lib/worker-calls.ts).
 */
import { createWorkerCalls } from '../../../lib/worker-calls.ts';
import { TABLE_QR_OPTIONS, type TableQrAnswer, type TableQrRequest } from './table-qr-options.ts';

const draw = createWorkerCalls<TableQrRequest, TableQrAnswer>({
  worker: () => new Worker(new URL('./table-qr.worker.ts', import.meta.url), { type: 'module', name: 'qr' }),
  local: () =>
    import('qrcode').then(
      ({ default: QRCode }) =>
        ({ text }) =>
          new Promise((next) => setTimeout(next, 0))
            .then(() => QRCode.toString(text, TABLE_QR_OPTIONS))
            .then(
              (svg) => ({ svg }),
              (error: unknown) => ({ error: String(error) }),
            ),
    ),
  failed: (reason) => ({ error: `the QR library did not load: ${reason}` }),
});

/** The SVG markup of `text`'s QR code. */
export function tableQrSvg(text: string): Promise<string> {
  return draw({ text }).then((answer) => {
    if ('error' in answer) throw new Error(answer.error);
    return answer.svg;
  });
}

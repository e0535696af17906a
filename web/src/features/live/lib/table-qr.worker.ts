/** Draws the wall TV's QR codes (table-qr.ts), one message after another. */
import QRCode from 'qrcode';
import { TABLE_QR_OPTIONS, type TableQrAnswer, type TableQrRequest } from './table-qr-options.ts';

const answer = (message: { id: number } & TableQrAnswer) => self.postMessage(message);

self.addEventListener('message', ({ data: { id, text } }: MessageEvent<{ id: number } & TableQrRequest>) => {
  QRCode.toString(text, TABLE_QR_OPTIONS).then(
    (svg) => answer({ id, svg }),
    (error: unknown) => answer({ id, error: String(error) }),
  );
});

import type { QRCodeToStringOptions } from 'qrcode';

/** How the wall TV draws a table's QR code, in its worker or on the page (table-qr.ts). */
export const TABLE_QR_OPTIONS: QRCodeToStringOptions = {
  type: 'svg',
  margin: 1,
  errorCorrectionLevel: 'M',
  color: { dark: '#0c1410', light: '#ffffff' },
};

export type TableQrRequest = { text: string };
export type TableQrAnswer = { svg: string } | { error: string };

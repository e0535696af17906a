import { pathTo } from '@club/shared/routes';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as a crisp SVG image (prints sharp at any size). */
export function QrImage({ text, alt, className }: { text: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#0c1410', light: '#ffffff' },
    })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} alt={alt} className={className} width={200} height={200} />
  ) : (
    <span className={className} role="img" aria-label={alt} />
  );
}

/** The address a table's QR code opens. */
export function tableUrl(id: number): string {
  return `${window.location.origin}${pathTo('table', { id })}`;
}

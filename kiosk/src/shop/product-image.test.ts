import type { TProduct } from '@club/shared/shop';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

/**
 * Uploads checked by content: whatever the file is called and whatever
 * type the browser declares, only a real JPEG, PNG or WebP is taken, and what is served
 * back is our own re-encoded WebP with a fixed type that browsers may not sniff.
 */
let k: TestKiosk;
let admin: string;
let productId: number;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  productId = (
    (await k.post('/v1/product/create', { name: 'Kritt', price: 1000, count: 5 }, admin)).body.product as TProduct
  ).id;
});
afterAll(() => k.close());

async function upload(data: Buffer, type: string, name = 'photo.png') {
  const form = new FormData();
  form.set('id', String(productId));
  form.set('image', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${k.url}/v1/product/image`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  return { status: res.status, body: (await res.json()) as { message?: string; product?: TProduct } };
}

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } });
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SCRIPT = '<script>window.__xss=1</script>';

describe('product photos are checked by their content', () => {
  it('refuses markup and scripts dressed up as images, whatever the name or declared type', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    const payloads: [string, Buffer, string, string][] = [
      ['html as png', Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`), 'image/png', 'photo.png'],
      ['svg as png', Buffer.from(svg), 'image/png', 'photo.png'],
      ['svg as svg', Buffer.from(svg), 'image/svg+xml', 'photo.svg'],
      ['script as jpeg', Buffer.from('alert(document.cookie)'), 'image/jpeg', 'photo.jpg'],
      ['png magic then html', Buffer.concat([PNG_MAGIC, Buffer.from(SCRIPT)]), 'image/png', 'photo.png'],
      ['gif', await picture().gif().toBuffer(), 'image/gif', 'photo.gif'],
      ['empty', Buffer.alloc(0), 'image/png', 'photo.png'],
    ];
    for (const [what, data, type, name] of payloads) {
      expect(await upload(data, type, name), what).toMatchObject({
        status: 400,
        body: { message: 'error.image_upload_not_successful' },
      });
    }
    const product = (await k.get(`/v1/product/${productId}`)).body.product as TProduct;
    expect(product.image, 'nothing was stored').toBeNull();
  });

  it('takes a real PNG, JPEG and WebP, and serves them as WebP that may not be sniffed', async () => {
    for (const [format, data] of [
      ['png', await picture().png().toBuffer()],
      ['jpeg', await picture().jpeg().toBuffer()],
      ['webp', await picture().webp().toBuffer()],
    ] as const) {
      // the declared type and the name do not matter either way
      const saved = await upload(data, 'application/octet-stream', 'upload.bin');
      expect(saved.status, `${format}: ${JSON.stringify(saved.body)}`).toBe(200);
      for (const path of [saved.body.product!.image!, saved.body.product!.thumbnail!]) {
        const served = await fetch(`${k.url}${path}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
      }
    }
  });

  it('re-encodes a real picture with a script appended, so the script is never served', async () => {
    const polyglot = Buffer.concat([await picture().png().toBuffer(), Buffer.from(SCRIPT)]);
    const saved = await upload(polyglot, 'image/png');
    if (saved.status !== 200) {
      expect(saved.body.message).toBe('error.image_upload_not_successful');
      return;
    }
    const served = Buffer.from(await (await fetch(`${k.url}${saved.body.product!.image}`)).arrayBuffer());
    expect(served.includes('<script')).toBe(false);
    expect(served.subarray(0, 4).toString()).toBe('RIFF');
  });
});

import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { findProduct } from './products.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The photo upload: the one route whose body is past the API's JSON limit, read only once the admin is known. */
export const PRODUCT_IMAGE_PATH = '/v1/product/image';
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/**
 * Stores a product photo. The type is read from the content (not the name or the declared
 * type); the picture is re-encoded, which also drops its metadata, at a sensible size plus
 * a thumbnail, under a name that changes with the content so it can be cached for ever.
 */
export async function saveProductImage(db: Db, uploadDir: string, productId: number, data: Buffer): Promise<string> {
  await findProduct(db, productId);
  if (data.length === 0 || data.length > MAX_IMAGE_BYTES) throw new AppError('error.image_upload_not_successful');
  // the image library (a native one) loads with the first photo, not with every kiosk
  const { default: sharp } = await import('sharp');
  const meta = await sharp(data)
    .metadata()
    .catch(() => undefined);
  if (
    !meta?.format ||
    !ACCEPTED.has(meta.format) ||
    !meta.width ||
    !meta.height ||
    meta.width * meta.height > 40_000_000
  ) {
    throw new AppError('error.image_upload_not_successful');
  }
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
  const name = `${productId}-${hash}`;
  const dir = join(uploadDir, 'products');
  await mkdir(dir, { recursive: true });
  const image = sharp(data).rotate();
  const [full, thumb] = await Promise.all([
    image
      .clone()
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(),
    image.clone().resize({ width: 400, height: 400, fit: 'cover' }).webp({ quality: 78 }).toBuffer(),
  ]).catch(() => {
    throw new AppError('error.image_upload_not_successful');
  });
  await writeFile(join(dir, `${name}.webp`), full);
  await writeFile(join(dir, `${name}-thumb.webp`), thumb);
  const url = `/uploads/products/${name}.webp`;
  await withEvents(db, async (tx, emit) => {
    await tx.update(products).set({ image: url, updatedAt: clock.now() }).where(eq(products.id, productId));
    await emit(feedChanged('products'));
  });
  return url;
}

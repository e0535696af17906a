import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import { ZCart, ZProduct, ZProductCreateBody, ZProductMoveBody, ZProductUpdateBody } from '@club/shared/shop';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { requireAdmin } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { answers } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { MAX_IMAGE_BYTES, PRODUCT_IMAGE_PATH, saveProductImage } from './product-image.ts';
import {
  createProduct,
  deleteProduct,
  findProduct,
  listProducts,
  moveProduct,
  toProduct,
  updateProduct,
} from './products.ts';
import { ZWithInactiveQuery } from './with-inactive-query.ts';

const ZProductAnswer = one('product', ZProduct);
const _ZCartAnswer = one('cart', ZCart);

/** DESIGN §4 shop: products, their order on the shelf and their photos. */
export function productRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps): void {
  const tags = ['shop'];
  defineRoute(app, {
    method: 'get',
    path: '/v1/product/all',
    tags,
    summary: 'Products in shop order (`all=1`: with inactive ones, admin)',
    access: 'public',
    query: ZWithInactiveQuery,
    answer: list(ZProduct),
    handler: async ({ c, query }) => {
      const all = query.all === '1';
      if (all && !c.get('auth')?.isAdmin) throw new AppError('error.forbidden');
      return { data: await listProducts(db, all) };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/product/{id}',
    tags,
    summary: 'One product',
    access: 'public',
    params: ZIdParam,
    answer: ZProductAnswer,
    handler: async ({ c, params }) => ({
      product: toProduct(await findProduct(db, params.id, Boolean(c.get('auth')?.isAdmin))),
    }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/product/create',
    tags,
    summary: 'Add a product (admin)',
    access: 'admin',
    body: ZProductCreateBody,
    answer: ZProductAnswer,
    handler: async ({ body, me }) => ({ product: toProduct(await createProduct(db, body, me.userId)) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/product/update',
    tags,
    summary: 'Edit a product (admin)',
    access: 'admin',
    body: ZProductUpdateBody,
    answer: ZProductAnswer,
    handler: async ({ body, me }) => {
      const { id, ...fields } = body;
      return { product: toProduct(await updateProduct(db, id, fields, me.userId)) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/product/delete/{id}',
    tags,
    summary: 'Delete a product (admin)',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params }) => {
      await deleteProduct(db, params.id);
      return {};
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/product/move',
    tags,
    summary: 'Move a product up or down in the shop (admin)',
    access: 'admin',
    body: ZProductMoveBody,
    answer: ZOk,
    handler: async ({ body }) => {
      await moveProduct(db, body.id, body.direction);
      return {};
    },
  });

  // a multipart body: checked here (not by a JSON schema), documented below
  // the body's own limit is counted after the admin check: nobody else makes the kiosk read a byte of it
  app.post(PRODUCT_IMAGE_PATH, requireAdmin, bodyLimit({ maxSize: MAX_IMAGE_BYTES + 64 * 1024 }), async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('error.image_upload_not_successful');
    });
    const id = Number(form.id);
    const file = form.image;
    if (!Number.isInteger(id) || id <= 0)
      throw new AppError('error.validation_failed', { fields: { id: 'validation.required' } });
    if (!(file instanceof File))
      throw new AppError('error.validation_failed', { fields: { image: 'validation.required' } });
    await saveProductImage(db, config.uploadDir, id, Buffer.from(await file.arrayBuffer()));
    return c.json(ok({ product: toProduct(await findProduct(db, id)) }), 200);
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: PRODUCT_IMAGE_PATH,
    tags,
    summary: 'Upload a product photo (admin; multipart `id` and `image`: JPEG, PNG or WebP up to 5 MB)',
    security: [{ bearer: [] }],
    'x-access': 'admin',
    request: {
      body: {
        content: {
          'multipart/form-data': {
            schema: z.object({ id: z.string().regex(/^\d+$/), image: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
    },
    responses: answers(ZProductAnswer),
  });
  app.use(
    '/uploads/*',
    serveStatic({
      root: config.uploadDir,
      rewriteRequestPath: (path) => path.replace(/^\/uploads/, ''),
      onFound: (_, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
        c.header('x-content-type-options', 'nosniff');
      },
    }),
  );
}

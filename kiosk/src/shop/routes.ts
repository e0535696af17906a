import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import {
  ZCart,
  ZCartAddBody,
  ZCartRemoveBody,
  ZCartUpdateBody,
  ZProduct,
  ZProductCreateBody,
  ZProductMoveBody,
  ZProductUpdateBody,
  ZSubscriptionAddBody,
  ZSubscriptionCreateBody,
  ZSubscriptionIdBody,
  ZSubscriptionProduct,
  ZSubscriptionUpdateBody,
  ZUserSubscription,
} from '@club/shared/shop';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { caller, requireAdmin } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { addToCart, getCart, removeFromCart, setCartCount } from './cart.ts';
import { MAX_IMAGE_BYTES, saveProductImage } from './product-image.ts';
import {
  createProduct,
  deleteProduct,
  findProduct,
  listProducts,
  moveProduct,
  toProduct,
  updateProduct,
} from './products.ts';
import {
  addSubscription,
  changeSubscription,
  createCatalogueItem,
  deleteCatalogueItem,
  listCatalogue,
  updateCatalogueItem,
} from './subscriptions.ts';

const ZAll = z.object({ all: z.enum(['0', '1']).optional() });
const ZProductAnswer = one('product', ZProduct);
const ZCartAnswer = one('cart', ZCart);

/** DESIGN §4 shop and subscriptions: products, photos, the cart, the catalogue and users' hours. */
export function shopRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps): void {
  const tags = ['shop'];
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/product/all',
      tags,
      summary: 'Products in shop order (`all=1`: with inactive ones, admin)',
      ...access.public,
      request: { query: ZAll },
      responses: answers(list(ZProduct)),
    }),
    async (c) => {
      const all = c.req.valid('query').all === '1';
      if (all && !c.get('auth')?.isAdmin) throw new AppError('error.forbidden');
      return c.json(ok({ data: await listProducts(db, all) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/product/{id}',
      tags,
      summary: 'One product',
      ...access.public,
      request: { params: ZIdParam },
      responses: answers(ZProductAnswer),
    }),
    async (c) =>
      c.json(
        ok({ product: toProduct(await findProduct(db, c.req.valid('param').id, Boolean(c.get('auth')?.isAdmin))) }),
        200,
      ),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/product/create',
      tags,
      summary: 'Add a product (admin)',
      ...access.admin,
      request: jsonBody(ZProductCreateBody),
      responses: answers(ZProductAnswer),
    }),
    async (c) => c.json(ok({ product: toProduct(await createProduct(db, c.req.valid('json'))) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/product/update',
      tags,
      summary: 'Edit a product (admin)',
      ...access.admin,
      request: jsonBody(ZProductUpdateBody),
      responses: answers(ZProductAnswer),
    }),
    async (c) => {
      const { id, ...fields } = c.req.valid('json');
      return c.json(ok({ product: toProduct(await updateProduct(db, id, fields)) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/product/delete/{id}',
      tags,
      summary: 'Delete a product (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      await deleteProduct(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/product/move',
      tags,
      summary: 'Move a product up or down in the shop (admin)',
      ...access.admin,
      request: jsonBody(ZProductMoveBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await moveProduct(db, body.id, body.direction);
      return c.json(ok(), 200);
    },
  );

  // a multipart body: checked here (not by a JSON schema), documented below
  app.post('/v1/product/image', requireAdmin, bodyLimit({ maxSize: MAX_IMAGE_BYTES + 64 * 1024 }), async (c) => {
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
    path: '/v1/product/image',
    tags,
    summary: 'Upload a product photo (admin; multipart `id` and `image`: JPEG, PNG or WebP up to 5 MB)',
    security: [{ bearer: [] }],
    'x-access': 'admin',
    request: {
      body: {
        content: {
          'multipart/form-data': { schema: z.object({ id: z.string(), image: z.string().meta({ format: 'binary' }) }) },
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

  const cartTags = ['cart'];
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cart',
      tags: cartTags,
      summary: 'My cart',
      ...access.user,
      responses: answers(ZCartAnswer),
    }),
    async (c) => c.json(ok({ cart: await getCart(db, caller(c).userId) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cart/add',
      tags: cartTags,
      summary: 'Add a product or a subscription to my cart',
      ...verifiedUser(db),
      request: jsonBody(ZCartAddBody),
      responses: answers(ZCartAnswer),
    }),
    async (c) => {
      const me = caller(c).userId;
      await addToCart(db, me, c.req.valid('json'));
      return c.json(ok({ cart: await getCart(db, me) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cart/update',
      tags: cartTags,
      summary: 'Change how many of a cart item',
      ...verifiedUser(db),
      request: jsonBody(ZCartUpdateBody),
      responses: answers(ZCartAnswer),
    }),
    async (c) => {
      const me = caller(c).userId;
      const body = c.req.valid('json');
      await setCartCount(db, me, body.item_id, body.count);
      return c.json(ok({ cart: await getCart(db, me) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cart/remove',
      tags: cartTags,
      summary: 'Take an item out of my cart',
      ...access.user,
      request: jsonBody(ZCartRemoveBody),
      responses: answers(ZCartAnswer),
    }),
    async (c) => {
      const me = caller(c).userId;
      await removeFromCart(db, me, c.req.valid('json').item_id);
      return c.json(ok({ cart: await getCart(db, me) }), 200);
    },
  );

  const subTags = ['subscriptions'];
  const ZCatalogueAnswer = one('subscription', ZSubscriptionProduct);
  const ZMineAnswer = one('subscription', ZUserSubscription);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/subscription/all',
      tags: subTags,
      summary: 'Prepaid hours for sale (`all=1`: with inactive ones, admin)',
      ...access.public,
      request: { query: ZAll },
      responses: answers(list(ZSubscriptionProduct)),
    }),
    async (c) => {
      const all = c.req.valid('query').all === '1';
      if (all && !c.get('auth')?.isAdmin) throw new AppError('error.forbidden');
      return c.json(ok({ data: await listCatalogue(db, all) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/create',
      tags: subTags,
      summary: 'Put prepaid hours on sale (admin)',
      ...access.admin,
      request: jsonBody(ZSubscriptionCreateBody),
      responses: answers(ZCatalogueAnswer),
    }),
    async (c) => c.json(ok({ subscription: await createCatalogueItem(db, c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/update',
      tags: subTags,
      summary: 'Edit prepaid hours for sale (admin)',
      ...access.admin,
      request: jsonBody(ZSubscriptionUpdateBody),
      responses: answers(ZCatalogueAnswer),
    }),
    async (c) => {
      const { id, ...fields } = c.req.valid('json');
      return c.json(ok({ subscription: await updateCatalogueItem(db, id, fields) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/delete/{id}',
      tags: subTags,
      summary: 'Take prepaid hours off sale (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      await deleteCatalogueItem(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
  for (const [path, event, summary] of [
    ['/v1/subscription/pause', 'PAUSE', 'Pause my prepaid hours (admins: anyone’s); play is then charged normally'],
    ['/v1/subscription/unpause', 'UNPAUSE', 'Resume my prepaid hours'],
    ['/v1/subscription/remove', 'DELETE', 'Delete my prepaid hours'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags: subTags,
        summary,
        ...access.user,
        request: jsonBody(ZSubscriptionIdBody),
        responses: answers(ZMineAnswer),
      }),
      async (c) =>
        c.json(
          ok({ subscription: await changeSubscription(db, caller(c), c.req.valid('json').id, { type: event }) }),
          200,
        ),
    );
  }
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/add',
      tags: subTags,
      summary: 'Give a user prepaid hours (admin)',
      ...access.admin,
      request: jsonBody(ZSubscriptionAddBody),
      responses: answers(ZMineAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(
        ok({
          subscription: await addSubscription(db, caller(c), {
            userId: body.user_id,
            subscriptionId: body.subscription_id,
          }),
        }),
        200,
      );
    },
  );
}

import { one } from '@club/shared/api';
import { ZCart, ZCartAddBody, ZCartRemoveBody, ZCartUpdateBody, ZProduct } from '@club/shared/shop';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { addToCart, getCart, removeFromCart, setCartCount } from './cart.ts';

const _ZAll = z.object({ all: z.enum(['0', '1']).optional() });
const _ZProductAnswer = one('product', ZProduct);
const ZCartAnswer = one('cart', ZCart);

/** DESIGN §4 shop: my cart. */
export function cartRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
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
}

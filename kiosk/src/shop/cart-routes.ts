import { one } from '@club/shared/api';
import { ZCart, ZCartAddBody, ZCartRemoveBody, ZCartUpdateBody, ZProduct } from '@club/shared/shop';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { verifiedUser } from '../http/openapi.ts';
import { addToCart, getCart, removeFromCart, setCartCount } from './cart.ts';

const _ZAll = z.object({ all: z.enum(['0', '1']).optional() });
const _ZProductAnswer = one('product', ZProduct);
const ZCartAnswer = one('cart', ZCart);

/** DESIGN §4 shop: my cart. */
export function cartRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const cartTags = ['cart'];
  defineRoute(app, {
    method: 'get',
    path: '/v1/cart',
    tags: cartTags,
    summary: 'My cart',
    access: 'user',
    answer: ZCartAnswer,
    handler: async ({ me }) => ({ cart: await getCart(db, me.userId) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cart/add',
    tags: cartTags,
    summary: 'Add a product or a subscription to my cart',
    access: verifiedUser(db),
    body: ZCartAddBody,
    answer: ZCartAnswer,
    handler: async ({ body, me }) => {
      await addToCart(db, me.userId, body);
      return { cart: await getCart(db, me.userId) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cart/update',
    tags: cartTags,
    summary: 'Change how many of a cart item',
    access: verifiedUser(db),
    body: ZCartUpdateBody,
    answer: ZCartAnswer,
    handler: async ({ body, me }) => {
      await setCartCount(db, me.userId, body.item_id, body.count);
      return { cart: await getCart(db, me.userId) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cart/remove',
    tags: cartTags,
    summary: 'Take an item out of my cart',
    access: 'user',
    body: ZCartRemoveBody,
    answer: ZCartAnswer,
    handler: async ({ body, me }) => {
      await removeFromCart(db, me.userId, body.item_id);
      return { cart: await getCart(db, me.userId) };
    },
  });
}

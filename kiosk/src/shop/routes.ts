import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { cartRoutes } from './cart-routes.ts';
import { productRoutes } from './product-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';

/** DESIGN §4 shop and subscriptions: products, photos, the cart, the catalogue and users' hours. */
export function shopRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  productRoutes(app, deps);
  cartRoutes(app, deps);
  subscriptionRoutes(app, deps);
}

/**
 * The club evening's shop: what a player puts in the cart (products within the stock the
 * evening expects, or prepaid hours), the checkout the answer confirms, and now and then a
 * change of mind that gives the stock back. The stock is the evening's model of the shelf.
 */
import type { TOrder } from '@club/shared/orders';
import type { TCart, TProduct, TSubscriptionProduct } from '@club/shared/shop';
import type { Api } from './api.ts';
import type { Action, EveningRecord, Player } from './evening-model.ts';
import type { Random } from './prng.ts';

export function createShop(deps: {
  api: Api;
  rnd: Random;
  products: TProduct[];
  record: EveningRecord;
  ack: (orderId: number, status: string | null) => void;
  count: (what: string) => void;
  problems: string[];
}) {
  const { api, rnd, products, record, ack, count, problems } = deps;
  const stock = new Map(products.map((p) => [p.id, p.count]));

  return {
    checkout(p: Player, withSubscription: TSubscriptionProduct | null): Action | null {
      // decided now, not when the request runs: concurrent actions must not share the dice
      const wanted = new Map<number, number>();
      for (const product of rnd.shuffle(products).slice(0, rnd.int(withSubscription ? 0 : 1, 2))) {
        const n = Math.min(rnd.int(1, 3), stock.get(product.id)!);
        if (n > 0) wanted.set(product.id, n);
      }
      const cancels = !withSubscription && rnd.chance(0.12);
      if (!wanted.size && !withSubscription) return null;
      for (const [id, n] of wanted) stock.set(id, stock.get(id)! - n);
      return {
        who: [p],
        tables: [],
        label: `p${p.index} ${withSubscription ? 'buys prepaid hours' : 'shops'}`,
        run: async () => {
          let cart: TCart | undefined;
          for (const [id, n] of wanted) {
            // one product in two steps: add one, then set the count (both cart calls in use)
            cart = (await api.post<{ cart: TCart }>('/v1/cart/add', { product_id: id, count: 1 }, p.token)).cart;
            if (n > 1) {
              const item = cart.items.find((i) => i.product_id === id)!;
              cart = (await api.post<{ cart: TCart }>('/v1/cart/update', { item_id: item.id, count: n }, p.token)).cart;
            }
          }
          if (withSubscription) {
            cart = (
              await api.post<{ cart: TCart }>(
                '/v1/cart/add',
                { subscription_id: withSubscription.id, count: 1 },
                p.token,
              )
            ).cart;
          }
          const { order } = await api.post<{ order: TOrder }>('/v1/order/init', {}, p.token);
          ack(order.id, 'waiting');
          const items: Record<string, number> = {};
          for (const [id, n] of wanted) items[`product:${id}`] = n;
          if (withSubscription) items[`subscription:${withSubscription.id}`] = 1;
          record.ackedCheckouts[order.id] = items;
          if (cart && order.total !== cart.total) {
            problems.push(`checkout ${order.id}: total ${order.total} but the cart said ${cart.total}`);
          }
          count(withSubscription ? 'buy-hours' : 'shop');
          // now and then the player changes their mind: the stock comes back
          if (cancels) {
            await api.post('/v1/order/cancel', { id: order.id }, p.token);
            ack(order.id, 'canceled');
            for (const [id, n] of wanted) stock.set(id, stock.get(id)! + n);
            count('cancel');
            return;
          }
          p.pending.push(order.id);
        },
      };
    },

    /** items of a checkout that got no answer, taken out of the cart again */
    giveBack(productId: number, n: number) {
      stock.set(productId, stock.get(productId)! + n);
    },

    /** the shelf as the server has it: a checkout that was not answered may have taken some */
    stockFrom(shelf: TProduct[]) {
      for (const product of shelf) if (stock.has(product.id)) stock.set(product.id, product.count);
    },
  };
}

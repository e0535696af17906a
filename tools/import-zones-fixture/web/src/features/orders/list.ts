import type { shopList } from '../shop/list.ts';
export const orderList = (): typeof shopList | null => null;

import { orderList } from '../orders/list.ts';
export const shopList = orderList;

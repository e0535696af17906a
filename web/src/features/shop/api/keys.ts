/** The person's cart, `GET /v1/cart`. */
export const cartKeys = {
  mine: () => ['cart'] as const,
};

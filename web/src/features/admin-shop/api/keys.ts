/** The admin shop's cache keys: products, hours for sale, and one member's prepaid hours. */
export const adminProductKeys = {
  all: ['admin-shop', 'products'] as const,
  list: () => [...adminProductKeys.all, 'all'] as const,
  one: (id: number) => [...adminProductKeys.all, 'one', id] as const,
};

export const adminSubscriptionKeys = {
  all: ['admin-shop', 'subscriptions'] as const,
  list: () => [...adminSubscriptionKeys.all, 'all'] as const,
};

export const userSubscriptionKeys = {
  all: ['admin', 'user-subscriptions'] as const,
  of: (userId: number) => [...userSubscriptionKeys.all, userId] as const,
};

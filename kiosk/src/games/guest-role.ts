import { SHOP_ROLE_ID } from '@club/shared/users';

/** Guests brought to a table are billed at the guest role's price: role 3, 'Gjest'. */
export const GUEST_ROLE_ID = SHOP_ROLE_ID;

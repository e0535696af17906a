/**
 * The schemas of the player's order answers (the home page's waiting orders and transfers),
 * loaded with the first call that needs them (`AnswerSchema` in lib/api-client.ts): they
 * bring zod, which the home page does not need for its first render.
 */
import { list, one, paginated, ZOk } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';

export const ZOrdersAnswer = list(ZOrder);
export const ZOrdersPageAnswer = paginated(ZOrder);
export const ZOrderAnswer = one('order', ZOrder);
export const ZOkAnswer = ZOk;

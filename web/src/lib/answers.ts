/**
 * The schemas of the answers the layout and guards read (the profile), loaded with the
 * first call that needs them (`AnswerSchema` in api-client.ts): they bring zod.
 */
import { one, ZOk } from '@club/shared/api';
import { ZUser } from '@club/shared/users';

export const ZProfileAnswer = one('user', ZUser);
export { ZOk };

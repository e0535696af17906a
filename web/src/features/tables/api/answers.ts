/**
 * The schemas of the tables' and games' answers, loaded with the first call that needs
 * them (`AnswerSchema` in lib/api-client.ts): they bring zod, which the table's screen does
 * not need for its first render.
 */
import { list, one } from '@club/shared/api';
import { ZLeaveAnswerExtra } from '@club/shared/devices';
import { ZGame, ZMyPrice, ZTable, ZTableWithGame } from '@club/shared/tables';
import { ZGuestName } from '@club/shared/users';
import { z } from '@club/shared/zod';

export const ZTableAnswer = one('table', ZTableWithGame);
export const ZTablesAnswer = list(ZTable);
export const ZMyPricesAnswer = list(ZMyPrice);
export const ZGameAnswer = one('game', ZGame);
export const ZActiveGameAnswer = one('game', ZGame.nullable());
export const ZGuestsAnswer = list(ZGuestName);
/** `closing`: the last one out in unstaffed hours (DESIGN §14), reminded to close the door */
export const ZLeaveAnswer = one('order_id', z.number().int().nullable()).extend(ZLeaveAnswerExtra.shape);

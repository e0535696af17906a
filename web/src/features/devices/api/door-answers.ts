/**
 * The schemas of the door's answers, loaded with the first call (`AnswerSchema`): they bring
 * zod, which the home page does not need for its first render.
 */
import { one } from '@club/shared/api';
import { ZDoorAccess, ZDoorOpen } from '@club/shared/devices';

export const ZDoorAccessAnswer = one('access', ZDoorAccess);
export const ZDoorOpenAnswer = one('door', ZDoorOpen);

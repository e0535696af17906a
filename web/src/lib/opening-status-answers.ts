/**
 * The schema of the opening status's answer, loaded with the first call (`AnswerSchema` in
 * api-client.ts): it brings zod, which the wall TV does not need for its first render.
 */
import { one } from '@club/shared/api';
import { ZOpeningStatus } from '@club/shared/opening-hours';

export const ZOpeningStatusAnswer = one('settings', ZOpeningStatus);

/**
 * The schema of the active subscription's answer (on the home page), loaded with the first
 * call (`AnswerSchema` in lib/api-client.ts): it brings zod.
 */
import { one } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';

export const ZActiveSubscriptionAnswer = one('subscription', ZUserSubscription.nullable());

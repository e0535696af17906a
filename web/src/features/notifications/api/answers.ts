/**
 * The schema of the person's notifications, loaded with the first call (the unread badge
 * is on every screen; `AnswerSchema` in lib/api-client.ts): it brings zod.
 */
import { list } from '@club/shared/api';
import { ZNotification } from '@club/shared/notifications';
import { z } from '@club/shared/zod';

export const ZMyNotifications = list(ZNotification).extend({ unread: z.number().int() });

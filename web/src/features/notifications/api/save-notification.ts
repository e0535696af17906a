import { one } from '@club/shared/api';
import { type TNotificationAdmin, ZNotificationAdmin, type ZNotificationBody } from '@club/shared/notifications';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';

export type TNotificationBody = z.input<typeof ZNotificationBody>;
const answer = one('notification', ZNotificationAdmin);

/** Sends a notification, or with an id edits it (`POST /notification/create|update`). */
export function saveNotification({
  id,
  body,
}: {
  id: number | null;
  body: TNotificationBody;
}): Promise<TNotificationAdmin> {
  return id === null
    ? api.post('/v1/notification/create', { body, schema: answer }).then((a) => a.notification)
    : api.post('/v1/notification/update', { body: { ...body, id }, schema: answer }).then((a) => a.notification);
}

export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotification,
    // the admin may be in the audience: their own inbox refreshes too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { myNotificationsQueryOptions } from './get-my-notifications.ts';

export function readNotification(id: number) {
  return api.post(`/v1/notification/read/${id}`, { schema: ZOk });
}

/** Marks one as read: the inbox and the badge change at once, then agree with the server. */
export function useReadNotification() {
  const queryClient = useQueryClient();
  const key = myNotificationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: readNotification,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (old) => {
        if (!old) return old;
        const now = new Date().toISOString();
        const data = old.data.map((n) => (n.id === id && n.read_at === null ? { ...n, read_at: now } : n));
        return { data, unread: data.filter((n) => n.read_at === null).length };
      });
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

import type { TUser } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirm } from '../../../components/admin-list.tsx';
import { ErrorNote } from '../../../components/error-note.tsx';
import { useDeleteUser } from '../api/delete-user.ts';

/** Deletes a user after asking; a refusal (open orders, playing now, oneself) stays in the dialog, in words. */
export function useDeleteUserConfirm(onDeleted?: () => void) {
  const { t } = useTranslation();
  return useDeleteConfirm<TUser>({
    remove: useDeleteUser(),
    title: () => t('admin.users.delete_title'),
    text: (user) => <p>{t('admin.users.delete_text', { name: `${user.name} ${user.surname}`, email: user.email })}</p>,
    deleted: () => t('admin.users.deleted'),
    ...(onDeleted ? { onDeleted } : {}),
    errorNote: (error) => <ErrorNote error={error} />,
  });
}

import type { TLocale } from '@club/shared/locales';
import type { TUser, TUserUpdateBody } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './api.ts';
import { lazySchema } from './api-client.ts';
import { profileQueryOptions } from './auth.ts';
import { currentLocale, setLocale } from './i18n.ts';

/**
 * The language switch: the UI changes at once and remembers the choice on this device;
 * when logged in it is saved to the account too, so that e-mails come in that language.
 */
export function useChangeLocale() {
  useTranslation(); // re-render on change
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: TUserUpdateBody) =>
      api.post('/v1/user/update', { body, schema: lazySchema(() => import('./answers.ts'), 'ZProfileAnswer') }),
    onSuccess: (answer) => queryClient.setQueryData(profileQueryOptions().queryKey, answer.user),
  });
  return {
    locale: currentLocale(),
    async change(locale: TLocale) {
      await setLocale(locale);
      // only what is already known: the switch never fetches (it also sits on public pages)
      const user = queryClient.getQueryData<TUser>(profileQueryOptions().queryKey);
      if (user && user.locale !== locale) {
        save.mutate({
          id: user.id,
          name: user.name,
          surname: user.surname,
          email: user.email,
          phone: user.phone,
          role: user.role_id,
          locale,
        });
      }
    },
  };
}

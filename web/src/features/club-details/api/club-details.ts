import { one } from '@club/shared/api';
import {
  type TClubDetails,
  type TReceiptHeaderPreview,
  ZClubDetailsKept,
  ZReceiptHeaderPreview,
} from '@club/shared/cash';
import type { TLocale } from '@club/shared/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The club's details as saved, and the receipt header a draft of them would print. */
export const clubDetailsKeys = {
  all: ['club-details'] as const,
  saved: () => [...clubDetailsKeys.all, 'saved'] as const,
  preview: (draft: TClubDetails | null, locale: TLocale) => [...clubDetailsKeys.all, 'preview', locale, draft] as const,
};

export function useClubDetails() {
  return useQuery({
    queryKey: clubDetailsKeys.saved(),
    queryFn: ({ signal }) =>
      api.get('/v1/settings/club', { schema: one('settings', ZClubDetailsKept), signal }).then((a) => a.settings),
  });
}

export function useSaveClubDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClubDetails) =>
      api.post('/v1/settings/club', { body, schema: one('settings', ZClubDetailsKept) }).then((a) => a.settings),
    onSuccess: (saved) => queryClient.setQueryData(clubDetailsKeys.saved(), saved),
  });
}

/**
 * The header lines as the kiosk prints them from a draft (the receipts' own function, so the
 * preview cannot drift from a real receipt); null while the draft breaks a rule.
 */
export function useReceiptHeaderPreview(draft: TClubDetails | null, locale: TLocale) {
  return useQuery<TReceiptHeaderPreview>({
    queryKey: clubDetailsKeys.preview(draft, locale),
    queryFn: ({ signal }) =>
      api
        .post(`/v1/settings/club/preview?lang=${locale}`, {
          body: draft,
          schema: one('preview', ZReceiptHeaderPreview),
          signal,
        })
        .then((a) => a.preview),
    enabled: draft !== null,
    // the last header shown stays while the next one is asked for
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import type { TMyPrice } from '@club/shared/tables';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { tableKeys } from '../../../lib/query-keys.ts';

/**
 * What the person signed in pays per minute at each table, as the server's bill prices it
 * (their role's price and the happy hour now): never the table's list price, which a role
 * price may replace.
 */
export function useMyPrices() {
  return useQuery({
    queryKey: tableKeys.myPrices(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/pricing/mine', {
          schema: lazySchema(() => import('./answers.ts'), 'ZMyPricesAnswer'),
          signal,
        })
        .then((a) => new Map<number, TMyPrice>(a.data.map((p) => [p.table_id, p]))),
    staleTime: 30_000,
    // safety refresh: a happy hour begins or ends on the clock, and no event says so
    refetchInterval: 60_000,
  });
}

/**
 * "kr 2,00 per minutt" for the table as the person will pay it; null until known. The texts are
 * written once per answer and language: a busy club's floor draws its grid at every table's
 * change, and each tile asked for its text anew (a translation and a money format each time).
 */
export function useMyPriceText(): (tableId: number) => string | null {
  const { t } = useTranslation();
  const prices = useMyPrices();
  const locale = currentLocale();
  const texts = useMemo(() => {
    const byTable = new Map<number, string>();
    for (const [tableId, price] of prices.data ?? []) {
      const text = formatMoney(price.price_now, locale);
      byTable.set(
        tableId,
        price.percent_off > 0
          ? t('games.per_minute_off', { price: text, percent: price.percent_off })
          : t('games.per_minute', { price: text }),
      );
    }
    return byTable;
  }, [prices.data, locale, t]);
  return (tableId) => texts.get(tableId) ?? null;
}

/** "kr 2,00": what a minute at the table costs the person now; null until known. */
export function useMyPriceNow(): (tableId: number) => string | null {
  const prices = useMyPrices();
  const locale = currentLocale();
  return (tableId) => {
    const price = prices.data?.get(tableId);
    return price ? formatMoney(price.price_now, locale) : null;
  };
}

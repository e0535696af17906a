import { list } from '@club/shared/api';
import { ZRolePricing, ZTable } from '@club/shared/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';

export function getPricing(signal?: AbortSignal) {
  return api.get('/v1/pricing/all', { schema: list(ZRolePricing), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** The tables the prices apply to (with their own price, the last fallback). */
export function getPricedTables(signal?: AbortSignal) {
  return api.get('/v1/table/all', { schema: list(ZTable), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/**
 * Every role price. One role's page filters this list rather than asking `GET /pricing/{id}`,
 * whose `error.role_configs_not_found` for a role without prices is an empty state, not an error.
 */
export const pricingQueryOptions = () =>
  queryOptions({ queryKey: pricingKeys.list(), queryFn: ({ signal }) => getPricing(signal) });

export const pricedTablesQueryOptions = () =>
  queryOptions({ queryKey: pricingKeys.tables(), queryFn: ({ signal }) => getPricedTables(signal) });

export function usePricing() {
  return useQuery(pricingQueryOptions());
}

export function usePricedTables() {
  return useQuery(pricedTablesQueryOptions());
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { gameKeys, tableKeys, waitlistKeys } from '../../../lib/query-keys.ts';

/** Claims the table held for the person's party: joining it is the claim. */
export function claimTable(tableId: number) {
  return api.post('/v1/game/join', { body: { table_id: tableId } });
}

export function useClaimTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTable,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
        queryClient.invalidateQueries({ queryKey: gameKeys.all }),
        queryClient.invalidateQueries({ queryKey: tableKeys.all }),
      ]);
    },
  });
}

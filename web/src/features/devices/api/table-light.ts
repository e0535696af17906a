import { one } from '@club/shared/api';
import type { TTableLightBody } from '@club/shared/devices';
import { ZTable } from '@club/shared/tables';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * `POST /v1/table/light`: staff hold a table's light on or off, or give it back to play
 * (`auto`). The floor shows the result when the device reports it (`table:updated`).
 */
export function useSetTableLight() {
  return useMutation({
    mutationFn: (body: TTableLightBody) => api.post('/v1/table/light', { body, schema: one('table', ZTable) }),
  });
}

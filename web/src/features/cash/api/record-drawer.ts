import { ZOk } from '@club/shared/api';
import { type TDrawerAnswer, ZDrawerAnswer } from '@club/shared/cash';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';

export type DrawerAction =
  | { kind: 'float'; body: { amount: number } }
  | { kind: 'withdrawal'; body: { amount: number; note: string } }
  | { kind: 'deposit'; body: { amount: number; note: string } }
  | { kind: 'drawer-open'; body: { note: string } }
  | { kind: 'count'; body: { counted: number } };

/** A drawer registration (`POST /v1/cash/{float|withdrawal|deposit|drawer-open|count}`); answers the drawer after it. */
export function recordDrawer(action: DrawerAction, pointId?: number): Promise<TDrawerAnswer> {
  return api.post(forCashPoint(`/v1/cash/${action.kind}`, pointId), {
    body: action.body,
    schema: ZOk.extend(ZDrawerAnswer.shape),
  });
}

export function useRecordDrawer() {
  const pointId = useCashPointId();
  return useMutation({ mutationFn: (action: DrawerAction) => recordDrawer(action, pointId) });
}

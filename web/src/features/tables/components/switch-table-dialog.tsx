import { pathTo } from '@club/shared/routes';
import type { TTable } from '@club/shared/tables';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { ChevronRightIcon } from '../../../components/icons.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useMyPriceNow, useMyPriceText } from '../api/get-my-prices.ts';
import { useTables } from '../api/get-tables.ts';
import { useSwitchTable } from '../api/switch-table.ts';
import { SheetDialog } from './sheet-dialog.tsx';

/** Pick another table with room for me and my guests, confirm it, and the bill runs on there. */
export function SwitchTableDialog({
  open,
  gameId,
  fromTableId,
  seats,
  onClose,
}: {
  open: boolean;
  gameId: number;
  fromTableId: number;
  seats: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tables = useTables();
  const move = useSwitchTable();
  const priceOf = useMyPriceText();
  const priceNow = useMyPriceNow();
  // one tap picks, a second confirms: a move cannot happen by a slip of the thumb
  const [target, setTarget] = useState<TTable | null>(null);
  // the button tapped goes away with each step: the keyboard and a screen reader go on at the
  // step's first choice (the move to confirm, or the table picked before), not at the page
  const steps = useRef<HTMLDivElement>(null);
  const picked = useRef<number | null>(null);
  useEffect(() => {
    const root = steps.current;
    if (!open || !root) return;
    const next = target
      ? root.querySelector<HTMLElement>('[data-step="confirm"]')
      : root.querySelector<HTMLElement>(`[data-table-id="${picked.current}"]`);
    next?.focus();
  }, [open, target]);
  const close = () => {
    setTarget(null);
    onClose();
  };
  const confirm = (x: TTable) =>
    // the promise, not mutate's callbacks: this dialog unmounts once I have left this table
    move.mutateAsync({ game_id: gameId, table_id: x.id }).then(
      (game) => {
        close();
        notifySuccess(t('games.table.switched', { table: x.name }));
        navigate(pathTo('table', { id: game.table_id }));
      },
      () => undefined,
    );
  // only tables the kiosk lets us move to: one out of order, or held for a party from the
  // waitlist (never mine while I play), would only be refused after the confirmation
  const choices = (tables.data ?? []).filter(
    (x) =>
      x.id !== fromTableId &&
      x.active &&
      !x.out_of_order &&
      x.held_for === null &&
      x.capacity - x.players_count >= seats,
  );

  return (
    <SheetDialog
      open={open}
      title={target ? t('games.switch_confirm.title', { table: target.name }) : t('games.table.switch_title')}
      onClose={close}
    >
      <div ref={steps} className="stack">
        {target ? (
          <div className="stack">
            <p>
              {t('games.switch_confirm.text', {
                table: target.name,
                price: priceNow(target.id) ?? '…',
              })}
            </p>
            <Button
              className="button--block"
              busy={move.isPending}
              onClick={() => void confirm(target)}
              data-step="confirm"
            >
              {t('games.switch_confirm.confirm', { table: target.name })}
            </Button>
            <Button variant="secondary" className="button--block" onClick={() => setTarget(null)}>
              {t('games.switch_confirm.back')}
            </Button>
          </div>
        ) : (
          <p className="muted small">{t('games.table.switch_text', { count: seats })}</p>
        )}
        {target ? null : tables.isPending ? (
          <Loading />
        ) : tables.isError ? (
          <ErrorState onRetry={() => void tables.refetch()} />
        ) : choices.length === 0 ? (
          <EmptyState title={t('games.table.switch_empty')} />
        ) : (
          <ul className="menu switch-list">
            {choices.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className="menu__item switch-list__item"
                  disabled={move.isPending}
                  aria-label={t('games.table.switch_to', { table: x.name })}
                  data-table-id={x.id}
                  onClick={() => {
                    picked.current = x.id;
                    setTarget(x);
                  }}
                >
                  <span className="menu__text">
                    <span className="menu__label">{x.name}</span>
                    <span className="menu__hint">
                      {priceOf(x.id)}
                      {priceOf(x.id) && ' · '}
                      {t('games.seats_free', { count: x.capacity - x.players_count })}
                    </span>
                  </span>
                  <StatusPill table={x} t={t} />
                  <ChevronRightIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SheetDialog>
  );
}

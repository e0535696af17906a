import type { TOrderDetail } from '@club/shared/orders';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SearchIcon, UserIcon } from '../../../components/icons.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useUserSearch } from '../api/transfer-order.ts';
import type { PaymentFlowActor } from '../lib/use-payment-flow.ts';
import { useFlowTag } from './flow-parts.tsx';

/** Hand the order to someone else: find them by name or phone, then confirm. */
export function TransferPanel({ order, actor }: { order: TOrderDetail; actor: PaymentFlowActor }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const people = useUserSearch(q);
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const busy = useFlowTag(actor, 'transfer');
  const found = (people.data ?? []).filter((p) => p.id !== order.user_id);
  const [wasBusy, setWasBusy] = useState(false);
  // the hand-over finished (or was refused): close the question
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setChosen(null);
  }

  return (
    <div className="card pay-transfer">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-q`}>
          {t('pay.transfer.search_label')}
        </label>
        <div className="search">
          <SearchIcon />
          <input
            id={`${id}-q`}
            type="search"
            className="field__input search__input"
            placeholder={t('pay.transfer.search_placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
          />
        </div>
        <p id={`${id}-hint`} className="field__hint">
          {t('pay.transfer.search_hint')}
        </p>
      </div>
      <div aria-live="polite" className="pay-transfer__results">
        {q.length < 2 ? null : people.isPending ? (
          <Spinner />
        ) : people.isError && !people.data ? (
          // not "nobody found": the friend may well be a member
          <ErrorState text={t('pay.transfer.search_failed')} onRetry={() => void people.refetch()} />
        ) : found.length === 0 ? (
          <p className="muted small">{t('pay.transfer.no_match', { query: q })}</p>
        ) : (
          <ul className="pay-people" aria-label={t('pay.transfer.results')}>
            {found.map((person) => {
              const name = `${person.name} ${person.surname}`;
              return (
                <li key={person.id}>
                  <button
                    type="button"
                    className="pay-people__item"
                    onClick={() => setChosen({ id: person.id, name })}
                    aria-label={t('pay.transfer.choose', { name })}
                  >
                    <span className="pay-people__avatar" aria-hidden="true">
                      <UserIcon />
                    </span>
                    <span className="pay-people__name">{name}</span>
                    <span className="pay-people__action" aria-hidden="true">
                      {t('pay.transfer.choose_short')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={chosen !== null}
        title={t('pay.transfer.confirm_title')}
        confirmLabel={t('pay.transfer.confirm')}
        busy={busy}
        onCancel={() => setChosen(null)}
        onConfirm={() => {
          if (chosen) actor.send({ type: 'TRANSFER', userId: chosen.id });
        }}
      >
        {chosen && <p>{t('pay.transfer.confirm_text', { name: chosen.name, reference: order.reference })}</p>}
      </ConfirmDialog>
    </div>
  );
}

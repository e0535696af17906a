import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDebtSettings } from '../api/get-debt-settings.ts';
import { useSaveDebtSettings } from '../api/save-debt-settings.ts';

/** The club's choice: may a player who owes money start new games? Saved as it is ticked. */
export function DebtSetting() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useDebtSettings();
  const save = useSaveDebtSettings();
  // the tick shows at once, in the same render as the click (the mutation's own pending state
  // arrives a tick later, and the box would flick back); a failed save shows the server's again
  const [ticked, setTicked] = useState<boolean | null>(null);
  const blocked = ticked ?? settings.data?.block_new_games ?? false;
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {t('games.debts.title')}
      </h2>
      {/* an unticked box before the choice is read, or when it could not be, reads as "not blocked" */}
      {settings.isPending ? (
        <Loading />
      ) : !settings.data ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <label className="check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={blocked}
            disabled={save.isPending}
            onChange={(event) => {
              setTicked(event.target.checked);
              save.mutate(
                { block_new_games: event.target.checked },
                { onSuccess: () => notifySuccess(t('games.debts.saved')), onSettled: () => setTicked(null) },
              );
            }}
          />
          <span>{t('games.debts.block')}</span>
        </label>
      )}
      <p className="muted small">{t('games.debts.hint')}</p>
    </section>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDebtSettings } from '../api/get-debt-settings.ts';
import { useSaveDebtSettings } from '../api/save-debt-settings.ts';

/** The club's choice: may a player who owes money start new games? Saved as it is ticked. */
export function DebtSetting() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useDebtSettings();
  const save = useSaveDebtSettings();
  const blocked = save.isPending
    ? (save.variables?.block_new_games ?? false)
    : (settings.data?.block_new_games ?? false);
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {t('games.debts.title')}
      </h2>
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={blocked}
          disabled={!settings.data || save.isPending}
          onChange={(event) =>
            save.mutate(
              { block_new_games: event.target.checked },
              { onSuccess: () => notifySuccess(t('games.debts.saved')) },
            )
          }
        />
        <span>{t('games.debts.block')}</span>
      </label>
      <p className="muted small">{t('games.debts.hint')}</p>
    </section>
  );
}

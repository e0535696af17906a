import type { TCashPoint } from '@club/shared/cash-operators';
import type { ValidationKey } from '@club/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCashPoints } from '../../../api/get-cash-points.ts';
import { InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useAddCashPoint, useRenameCashPoint } from '../api/counter-api.ts';

/** The club's cash points: renamed in place, or a new one added (its journal starts at 1). */
export function CashPointsPanel() {
  const { t } = useTranslation();
  const points = useCashPoints();
  const add = useAddCashPoint();
  // a double tap adds one cash point: each has a journal of its own that is never removed
  const addOnce = useRunOnce(add);
  const [name, setName] = useState('');
  const [error, setError] = useState<ValidationKey | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('validation.required');
      return;
    }
    setError(undefined);
    addOnce(name.trim(), {
      onSuccess: (point) => {
        setName('');
        notifySuccess(t('counter.points.added', { name: point.name }));
      },
    });
  };

  return (
    <section className="card stack" aria-labelledby="counter-points-title">
      <h2 id="counter-points-title" className="section__title">
        {t('counter.points.title')}
      </h2>
      <p className="muted small">{t('counter.points.text')}</p>
      {points.isPending ? (
        <Loading />
      ) : points.isError ? (
        <ErrorState onRetry={() => void points.refetch()} />
      ) : (
        points.data.map((point) => <RenamePoint key={point.id} point={point} />)
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <InputField name="new_point" label={t('counter.points.new')} value={name} onChange={setName} error={error} />
        <Button type="submit" variant="secondary" busy={add.isPending}>
          {t('counter.points.add')}
        </Button>
      </form>
    </section>
  );
}

function RenamePoint({ point }: { point: TCashPoint }) {
  const { t } = useTranslation();
  const rename = useRenameCashPoint();
  const [name, setName] = useState(point.name);
  const changed = name.trim() !== '' && name.trim() !== point.name;
  return (
    <form
      className="counter-point"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed) return;
        rename.mutate(
          { id: point.id, name: name.trim() },
          { onSuccess: (renamed) => notifySuccess(t('counter.points.renamed', { name: renamed.name })) },
        );
      }}
    >
      <InputField
        name={`point_${point.id}`}
        label={t('counter.points.name', { id: point.id })}
        value={name}
        onChange={setName}
      />
      <Button type="submit" variant="secondary" className="button--small" disabled={!changed} busy={rename.isPending}>
        {t('counter.points.rename')}
      </Button>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useSetMyPin } from '../api/counter-api.ts';
import { pinDigits } from '../lib/pin-digits.ts';

/** The signed-in staff member chooses the PIN they sign in to the counter with. */
export function MyPinForm() {
  const { t } = useTranslation();
  const save = useSetMyPin();
  // each PIN set is journaled: a double tap sets it once
  const saveOnce = useRunOnce(save);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,6}$/.test(pin)) {
      setError(t('validation.pin'));
      return;
    }
    setError(undefined);
    saveOnce(pin, {
      onSuccess: () => {
        setPin('');
        notifySuccess(t('counter.my_pin.saved'));
      },
    });
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2 className="section__title">{t('counter.my_pin.title')}</h2>
      <p className="muted small">{t('counter.my_pin.text')}</p>
      <TextField
        name="new_pin"
        label={t('counter.my_pin.label')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={pin}
        accept={pinDigits(6)}
        onChange={setPin}
        error={error}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {t('counter.my_pin.save')}
      </Button>
    </form>
  );
}

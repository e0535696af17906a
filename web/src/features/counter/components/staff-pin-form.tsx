import type { ValidationKey } from '@club/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/fields.tsx';
import { Button, TextField } from '../../../components/form.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useOperatorCandidates, useSetStaffPin } from '../api/counter-api.ts';
import { pinDigits } from '../lib/pin-digits.ts';

/** the PIN's and the person's rules as keys; the password's in words (the server's refusal) */
type Errors = { user?: ValidationKey; pin?: ValidationKey; password?: string };

/**
 * An admin sets another staff member's PIN (one who forgot theirs, or a new colleague), with
 * their own password again: with the PIN one signs in, and registers, in that person's name.
 */
export function StaffPinForm() {
  const { t } = useTranslation();
  const staff = useOperatorCandidates();
  const save = useSetStaffPin();
  const [userId, setUserId] = useState('');
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const passwordLabel = t('counter.staff_pin.password');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      ...(userId ? {} : { user: 'validation.required' }),
      ...(/^\d{4,6}$/.test(pin) ? {} : { pin: 'validation.pin' }),
      ...(password ? {} : { password: t('validation.required', { field: passwordLabel }) }),
    };
    setErrors(next);
    if (next.user || next.pin || next.password) return;
    const name = staff.data?.find((s) => String(s.user_id) === userId)?.name ?? '';
    save.mutate(
      { user_id: Number(userId), pin, password },
      {
        onSuccess: () => {
          setPin('');
          setPassword('');
          notifySuccess(t('counter.staff_pin.saved', { name }));
        },
        onError: (error) => {
          setPassword('');
          if (error instanceof ApiError && error.key === 'error.own_password_wrong')
            setErrors({ password: t('error.own_password_wrong') });
        },
      },
    );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2 className="section__title">{t('counter.staff_pin.title')}</h2>
      <p className="muted small">{t('counter.staff_pin.text')}</p>
      {/* a list with only "Choose…" in it would read as nobody to choose */}
      {staff.isError && !staff.data ? (
        <ErrorState text={t('counter.staff_pin.load_failed')} onRetry={() => void staff.refetch()} />
      ) : (
        <SelectField
          name="staff"
          label={t('counter.staff_pin.who')}
          value={userId}
          onChange={setUserId}
          error={errors.user}
          options={[
            { value: '', label: staff.isPending ? t('common.loading') : t('counter.staff_pin.choose') },
            ...(staff.data ?? []).map((s) => ({ value: String(s.user_id), label: s.name })),
          ]}
        />
      )}
      <TextField
        name="staff_pin"
        label={t('counter.staff_pin.label')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={pin}
        accept={pinDigits(6)}
        onChange={setPin}
        error={errors.pin ? t(errors.pin) : undefined}
      />
      <TextField
        name="own_password"
        label={passwordLabel}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        hint={t('counter.staff_pin.password_hint')}
        error={errors.password}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {t('counter.staff_pin.save')}
      </Button>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/fields.tsx';
import { Button, TextField } from '../../../components/form.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useOperatorCandidates, useSetStaffPin } from '../api/counter-api.ts';

/** An admin sets another staff member's PIN (one who forgot theirs, or a new colleague). */
export function StaffPinForm() {
  const { t } = useTranslation();
  const staff = useOperatorCandidates();
  const save = useSetStaffPin();
  const [userId, setUserId] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ user?: string; pin?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(userId ? {} : { user: 'validation.required' }),
      ...(/^\d{4,6}$/.test(pin) ? {} : { pin: 'validation.pin' }),
    };
    setErrors(next);
    if (next.user || next.pin) return;
    const name = staff.data?.find((s) => String(s.user_id) === userId)?.name ?? '';
    save.mutate(
      { user_id: Number(userId), pin },
      {
        onSuccess: () => {
          setPin('');
          notifySuccess(t('counter.staff_pin.saved', { name }));
        },
      },
    );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2 className="section__title">{t('counter.staff_pin.title')}</h2>
      <p className="muted small">{t('counter.staff_pin.text')}</p>
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
      <TextField
        name="staff_pin"
        label={t('counter.staff_pin.label')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={pin}
        onChange={(v) => setPin(v.replace(/\D/g, '').slice(0, 6))}
        error={errors.pin ? t(errors.pin) : undefined}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {t('counter.staff_pin.save')}
      </Button>
    </form>
  );
}

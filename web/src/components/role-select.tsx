import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../api/get-roles.ts';
import { FieldShell } from './fields.tsx';

/** The user's role, picked by name from `GET /role/all` (the form keeps the id as text). */
export function RoleSelect({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** the rule already in words */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const roles = useRoles();
  const options = roles.data ?? [];
  const known = options.some((r) => String(r.id) === value);
  return (
    <FieldShell id={id} label={t('field.role')} required hint={t('adminConsole.users.role_hint')} error={error}>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value}
        disabled={roles.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      >
        {!known && (
          <option value={value}>
            {roles.isPending ? t('common.loading') : t('adminConsole.roles.number', { id: value })}
          </option>
        )}
        {options.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

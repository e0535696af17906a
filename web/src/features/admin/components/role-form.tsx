import { SHOP_ROLE_ID, type TRole, ZRoleBody } from '@club/shared/users';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import type { TRoleBody } from '../api/create-role.ts';
import { type Errors, focusFirstError, serverErrors, validate } from '../lib/validate.ts';
import { CheckField, InputField } from './fields.tsx';

/** Name, whether the role's people may pay later, and where they land after logging in. */
export function RoleForm({
  role,
  busy,
  submitLabel,
  onSubmit,
  extra,
}: {
  role?: TRole;
  busy: boolean;
  submitLabel: string;
  /** saves; calls back with the failure so that field rules land on the fields */
  onSubmit: (body: TRoleBody, onError: (error: unknown) => void) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(role?.name ?? '');
  const [payLater, setPayLater] = useState(role?.can_pay_later ?? false);
  const [homePage, setHomePage] = useState(role?.home_page ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const isShopRole = role?.id === SHOP_ROLE_ID;

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = validate(ZRoleBody, {
          name,
          can_pay_later: payLater,
          home_page: homePage.trim() === '' ? null : homePage.trim(),
        });
        if ('errors' in result) {
          setErrors(result.errors);
          focusFirstError(formRef.current, result.errors);
          return;
        }
        setErrors({});
        onSubmit(result.data, (error) => {
          const fields = serverErrors(error);
          if (fields) {
            setErrors(fields);
            focusFirstError(formRef.current, fields);
          }
        });
      }}
    >
      <InputField
        name="name"
        label={t('adminConsole.roles.name')}
        value={name}
        onChange={setName}
        error={errors.name}
      />
      <CheckField
        name="can_pay_later"
        label={t('adminConsole.roles.can_pay_later')}
        hint={t('adminConsole.roles.can_pay_later_hint')}
        checked={payLater}
        onChange={setPayLater}
      />
      <InputField
        name="home_page"
        label={t('adminConsole.roles.home_page')}
        value={homePage}
        onChange={setHomePage}
        error={errors.home_page}
        required={false}
        hint={isShopRole ? t('adminConsole.roles.shop_role_hint') : t('adminConsole.roles.home_page_hint')}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}

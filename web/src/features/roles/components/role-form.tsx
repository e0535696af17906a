import { SHOP_ROLE_ID, type TRole, ZRoleBody } from '@club/shared/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftForm, useDraft } from '../../../components/draft-form.tsx';
import { CheckField, InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import type { TRoleBody } from '../api/create-role.ts';

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
  const { formRef, draft, set, errors, check, onSaveError, field } = useDraft(() => ({
    name: role?.name ?? '',
    payLater: role?.can_pay_later ?? false,
    homePage: role?.home_page ?? '',
  }));
  const { name, payLater, homePage } = draft;
  const isShopRole = role?.id === SHOP_ROLE_ID;

  return (
    <DraftForm
      formRef={formRef}
      onSubmit={() => {
        const body = check(ZRoleBody, {
          name,
          can_pay_later: payLater,
          home_page: homePage.trim() === '' ? null : homePage.trim(),
        });
        if (body) onSubmit(body, onSaveError);
      }}
    >
      <InputField {...field('name')} label={t('adminConsole.roles.name')} />
      <CheckField
        name="can_pay_later"
        label={t('adminConsole.roles.can_pay_later')}
        hint={t('adminConsole.roles.can_pay_later_hint')}
        checked={payLater}
        onChange={(v) => set('payLater', v)}
      />
      <InputField
        name="home_page"
        label={t('adminConsole.roles.home_page')}
        value={homePage}
        onChange={(v) => set('homePage', v)}
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
    </DraftForm>
  );
}

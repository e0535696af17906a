import { DISCOUNT_TARGETS, type TDiscount, ZDiscountBody } from '@club/shared/discounts';
import type { TLocale, TRole } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../../../api/get-roles.ts';
import { EditableListPage } from '../../../components/admin-list.tsx';
import { DraftFormCard, useDraft } from '../../../components/draft-form.tsx';
import { CheckField, InputField, SelectField } from '../../../components/fields.tsx';
import { PercentIcon } from '../../../components/icons.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { ErrorState, type Loadable } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatMoney, fromLocalInput, kronerInput, parseKroner, toLocalInput } from '../../../lib/input-values.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { useDiscounts } from '../api/get-discounts.ts';
import { useSaveDiscount } from '../api/save-discount.ts';
import '../../../styles/admin.css';
import type { TextKey } from '../../../lib/text-keys.ts';

/** A discount's kind, in words. */
const KIND_TEXT = {
  percent: 'adminConsole.discounts.kind_percent',
  fixed: 'adminConsole.discounts.kind_fixed',
} as const satisfies Record<'percent' | 'fixed', TextKey>;

/** What a discount applies to, for every target of @club/shared's list. */
const TARGET_TEXT = {
  table_time: 'adminConsole.discounts.target_table_time',
  products: 'adminConsole.discounts.target_products',
  subscriptions: 'adminConsole.discounts.target_subscriptions',
} as const satisfies Record<(typeof DISCOUNT_TARGETS)[number], TextKey>;

const INTL: Record<TLocale, string> = { nb: 'nb-NO', en: 'en-GB' };
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** `Mon`, `Tue`… in the UI language (1 January 2024 was a Monday). */
function weekdayName(day: number, locale: TLocale, style: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(INTL[locale], { weekday: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

function amountOf(d: Pick<TDiscount, 'kind' | 'value'>, locale: TLocale): string {
  return d.kind === 'percent' ? `${d.value} %` : formatMoney(d.value, locale);
}

interface Draft {
  name: string;
  kind: 'percent' | 'fixed';
  value: string;
  applies_to: (typeof DISCOUNT_TARGETS)[number];
  role_id: string;
  valid_from: string;
  valid_to: string;
  weekdays: number[];
  time_from: string;
  time_to: string;
  active: boolean;
}

function draftOf(d: TDiscount | null, locale: TLocale): Draft {
  return {
    name: d?.name ?? '',
    kind: d?.kind ?? 'percent',
    value: d ? (d.kind === 'percent' ? String(d.value) : kronerInput(d.value, locale)) : '',
    applies_to: d?.applies_to ?? 'table_time',
    role_id: d?.role_id ? String(d.role_id) : '',
    valid_from: toLocalInput(d?.valid_from ?? null),
    valid_to: toLocalInput(d?.valid_to ?? null),
    weekdays: d?.weekdays ?? [],
    time_from: d?.time_from ?? '',
    time_to: d?.time_to ?? '',
    active: d?.active ?? true,
  };
}

function DiscountForm({
  discount,
  roles,
  onDone,
}: {
  discount: TDiscount | null;
  roles: Loadable<TRole[]>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const save = useSaveDiscount();
  const { formRef, draft, set, errors, check, onSaveError, field } = useDraft(() => draftOf(discount, locale));
  const title = discount
    ? t('adminConsole.discounts.edit_title', { name: discount.name })
    : t('adminConsole.discounts.new');

  function submit() {
    const value =
      draft.kind === 'percent'
        ? draft.value.trim() === '' || !/^\d+$/.test(draft.value.trim())
          ? draft.value.trim() === ''
            ? undefined
            : Number.NaN
          : Number(draft.value.trim())
        : draft.value.trim() === ''
          ? undefined
          : (parseKroner(draft.value) ?? Number.NaN);
    const body = check(ZDiscountBody, {
      name: draft.name,
      kind: draft.kind,
      value,
      applies_to: draft.applies_to,
      role_id: draft.role_id ? Number(draft.role_id) : null,
      valid_from: fromLocalInput(draft.valid_from),
      valid_to: fromLocalInput(draft.valid_to),
      weekdays: [...draft.weekdays].sort(),
      time_from: draft.time_from || null,
      time_to: draft.time_to || null,
      active: draft.active,
    });
    if (!body) return;
    save.mutate(
      { id: discount?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(discount ? t('success.saved') : t('adminConsole.discounts.created', { name: saved.name }));
          onDone();
        },
        onError: onSaveError,
      },
    );
  }

  const crossesMidnight = draft.time_from && draft.time_to && draft.time_to <= draft.time_from;

  return (
    <DraftFormCard
      titleId="discount-form-title"
      title={title}
      formRef={formRef}
      onSubmit={submit}
      saveError={save.error}
      busy={save.isPending}
      submitLabel={discount ? t('common.save') : t('adminConsole.discounts.create')}
      onCancel={onDone}
    >
      <InputField
        {...field('name')}
        label={t('adminConsole.discounts.name')}
        placeholder={t('adminConsole.discounts.name_placeholder')}
      />
      <SegmentedField
        legend={t('adminConsole.discounts.kind')}
        options={['percent', 'fixed'] as const}
        value={draft.kind}
        onChange={(kind) => set('kind', kind)}
        label={(kind) => t(KIND_TEXT[kind])}
      />
      <div className="form__grid">
        <InputField
          {...field('value')}
          label={draft.kind === 'percent' ? t('adminConsole.discounts.percent') : t('adminConsole.discounts.amount')}
          inputMode={draft.kind === 'percent' ? 'numeric' : 'decimal'}
          suffix={draft.kind === 'percent' ? '%' : 'kr'}
          hint={
            draft.kind === 'percent'
              ? t('adminConsole.discounts.percent_hint')
              : t('adminConsole.discounts.amount_hint')
          }
        />
        <SelectField
          name="applies_to"
          label={t('adminConsole.discounts.applies_to')}
          value={draft.applies_to}
          onChange={(v) => set('applies_to', v as Draft['applies_to'])}
          options={DISCOUNT_TARGETS.map((target) => ({
            value: target,
            label: t(TARGET_TEXT[target]),
          }))}
          error={errors.applies_to}
        />
      </div>
      {/* with only "Everyone" in the list, a role's discount would show, and could be saved, as everyone's */}
      {roles.isError && !roles.data ? (
        <ErrorState text={t('adminConsole.discounts.roles_load_failed')} onRetry={() => void roles.refetch()} />
      ) : (
        <SelectField
          name="role_id"
          label={t('adminConsole.discounts.role')}
          value={draft.role_id}
          onChange={(v) => set('role_id', v)}
          options={[
            { value: '', label: roles.isPending ? t('common.loading') : t('adminConsole.discounts.all_roles') },
            ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          error={errors.role_id}
          required={false}
        />
      )}
      <div className="form__grid">
        <InputField
          {...field('valid_from')}
          type="datetime-local"
          label={t('adminConsole.discounts.valid_from')}
          required={false}
        />
        <InputField
          {...field('valid_to')}
          type="datetime-local"
          label={t('adminConsole.discounts.valid_to')}
          required={false}
        />
      </div>
      <fieldset className="weekdays">
        <legend className="field__label">
          {t('adminConsole.discounts.weekdays')}{' '}
          <span className="field__optional">({t('adminConsole.discounts.weekdays_hint')})</span>
        </legend>
        <div className="weekdays__list">
          {WEEKDAYS.map((day) => {
            const on = draft.weekdays.includes(day);
            return (
              <label key={day} className={on ? 'weekday weekday--on' : 'weekday'}>
                <input
                  type="checkbox"
                  name="weekdays"
                  checked={on}
                  onChange={(e) =>
                    set(
                      'weekdays',
                      e.target.checked ? [...draft.weekdays, day] : draft.weekdays.filter((d) => d !== day),
                    )
                  }
                  aria-label={weekdayName(day, locale, 'long')}
                />
                <span aria-hidden="true">{weekdayName(day, locale)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="form__grid">
        <InputField
          {...field('time_from')}
          type="time"
          label={t('adminConsole.discounts.time_from')}
          required={false}
        />
        <InputField
          {...field('time_to')}
          type="time"
          label={t('adminConsole.discounts.time_to')}
          required={false}
          hint={crossesMidnight ? t('adminConsole.discounts.crosses_midnight') : undefined}
        />
      </div>
      <p className="form__note">{t('adminConsole.discounts.window_note')}</p>
      <CheckField
        name="active"
        label={t('adminConsole.discounts.active')}
        hint={t('adminConsole.discounts.active_hint')}
        checked={draft.active}
        onChange={(v) => set('active', v)}
      />
    </DraftFormCard>
  );
}

/** When a discount applies, in words: dates, weekdays, hours. */
function WhenText({ discount }: { discount: TDiscount }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const parts: string[] = [];
  if (discount.valid_from || discount.valid_to) {
    parts.push(
      discount.valid_from && discount.valid_to
        ? t('adminConsole.discounts.between', {
            from: formatDateTime(discount.valid_from, locale),
            to: formatDateTime(discount.valid_to, locale),
          })
        : discount.valid_from
          ? t('adminConsole.discounts.from_date', { from: formatDateTime(discount.valid_from, locale) })
          : t('adminConsole.discounts.until_date', { to: formatDateTime(discount.valid_to ?? '', locale) }),
    );
  }
  parts.push(
    discount.weekdays.length === 0 || discount.weekdays.length === 7
      ? t('adminConsole.discounts.every_day')
      : [...discount.weekdays]
          .sort()
          .map((d) => weekdayName(d, locale))
          .join(', '),
  );
  if (discount.time_from && discount.time_to) {
    parts.push(`${discount.time_from}–${discount.time_to}`);
  }
  return <p className="muted small">{parts.join(' · ')}</p>;
}

/** `/admin/discounts`: every discount, a form to add or edit one, delete after asking. */
export function DiscountsAdminPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const discounts = useDiscounts();
  const roles = useRoles();
  const remove = useDeleteDiscount();
  const roleName = (id: number | null) =>
    id === null
      ? t('adminConsole.discounts.all_roles')
      : (roles.data?.find((r) => r.id === id)?.name ?? t('adminConsole.roles.number', { id }));

  return (
    <EditableListPage<TDiscount>
      title={t('admin.discounts.title')}
      subtitle={t('adminConsole.discounts.subtitle')}
      newLabel={t('adminConsole.discounts.new')}
      newAriaExpanded={false}
      empty={{ icon: <PercentIcon />, title: t('admin.discounts.empty'), text: t('admin.discounts.empty_text') }}
      query={discounts}
      form={(discount, done) => <DiscountForm discount={discount} roles={roles} onDone={done} />}
      itemClassName="card list-card"
      item={(d) => (
        <>
          <span className="discount-amount" aria-hidden="true">
            {d.kind === 'percent' ? `−${d.value}%` : '−kr'}
          </span>
          <div className="list-card__main">
            <p className="list-card__title">{d.name}</p>
            <p className="small">
              {t('adminConsole.discounts.summary', {
                amount: amountOf(d, locale),
                target: t(TARGET_TEXT[d.applies_to]).toLocaleLowerCase(),
                role: roleName(d.role_id),
              })}
            </p>
            <WhenText discount={d} />
            <p className="tags">
              <span className={d.active ? 'pill pill--active' : 'pill'}>
                {d.active ? t('adminConsole.discounts.on') : t('adminConsole.discounts.off')}
              </span>
              {d.time_from && <span className="pill pill--paused">{t('adminConsole.discounts.happy_hour')}</span>}
            </p>
          </div>
        </>
      )}
      editLabel={(d) => t('adminConsole.common.edit_named', { name: d.name })}
      deleteLabel={(d) => t('adminConsole.common.delete_named', { name: d.name })}
      deletion={{
        remove,
        title: () => t('adminConsole.discounts.delete_title'),
        text: (d) => <p>{t('adminConsole.discounts.delete_text', { name: d.name })}</p>,
        deleted: () => t('adminConsole.discounts.deleted'),
      }}
    />
  );
}

import { resolvePrice } from '@club/shared/billing';
import { pathTo } from '@club/shared/routes';
import type { TRolePricing, TTable } from '@club/shared/tables';
import type { TRole } from '@club/shared/users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useRoles } from '../../../api/get-roles.ts';
import { Button } from '../../../components/form.tsx';
import { CoinsIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatMoney, kronerInput, parseKroner } from '../../../lib/input-values.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { usePricedTables, usePricing } from '../api/get-pricing.ts';
import { useUpdatePricing } from '../api/update-pricing.ts';
import '../../../styles/admin.css';
import { FieldError } from '../../../components/fields.tsx';
import type { TextKey } from '../../../lib/text-keys.ts';

type Source = 'specific' | 'role' | 'table';

/** Where a price comes from, in words. */
const SOURCE_TEXT = {
  specific: 'adminConsole.pricing.source_specific',
  role: 'adminConsole.pricing.source_role',
  table: 'adminConsole.pricing.source_table',
} as const satisfies Record<Source, TextKey>;

/** Where a role's price at a table comes from, in the order DESIGN §6 looks. */
function sourceOf(table: TTable, roleId: number, pricing: readonly TRolePricing[]): Source {
  if (pricing.some((p) => p.role_id === roleId && p.table_id === table.id)) return 'specific';
  if (pricing.some((p) => p.role_id === roleId && p.table_id === null)) return 'role';
  return 'table';
}

/** Roles, tables and prices together: the three answers both pricing screens need. */
function usePricingData() {
  const roles = useRoles();
  const tables = usePricedTables();
  const pricing = usePricing();
  const all = [roles, tables, pricing] as const;
  return {
    isPending: all.some((q) => q.isPending),
    isError: all.some((q) => q.isError),
    refetch: () => {
      for (const q of all) if (q.isError) void q.refetch();
    },
    roles: roles.data,
    tables: tables.data,
    pricing: pricing.data,
  };
}

function Legend() {
  const { t } = useTranslation();
  return (
    <ul className="price-legend" aria-label={t('adminConsole.pricing.legend')}>
      {(['specific', 'role', 'table'] as const).map((s) => (
        <li key={s}>
          <span className={`price-mark price-mark--${s}`} aria-hidden="true" />
          {t(SOURCE_TEXT[s])}
        </li>
      ))}
    </ul>
  );
}

/** `/admin/pricing`: every role × table, with the price per minute and what one hour costs. */
export function PricingAdminPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const data = usePricingData();

  return (
    <Page title={t('admin.pricing.title')} subtitle={t('adminConsole.pricing.subtitle')} wide>
      {data.isPending ? (
        <Loading />
      ) : data.isError || !data.roles || !data.tables || !data.pricing ? (
        <ErrorState onRetry={data.refetch} />
      ) : data.tables.length === 0 ? (
        <EmptyState
          icon={<CoinsIcon />}
          title={t('adminConsole.pricing.no_tables')}
          text={t('admin.pricing.empty_text')}
        />
      ) : (
        <>
          <Legend />
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it */}
          <section className="table-scroll" aria-labelledby="pricing-caption" tabIndex={0}>
            <table className="data-table price-matrix">
              <caption id="pricing-caption" className="data-table__caption">
                {t('adminConsole.pricing.matrix_caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminConsole.pricing.role')}</th>
                  {data.tables.map((table) => (
                    <th key={table.id} scope="col" className="num">
                      {table.name}
                      <span className="price-matrix__own">
                        {t('adminConsole.pricing.per_minute', { price: formatMoney(table.price_per_minute, locale) })}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.roles.map((role) => (
                  <tr key={role.id}>
                    <th scope="row">
                      <Link to={pathTo('admin.pricing.edit', { id: role.id })} className="link">
                        {role.name}
                      </Link>
                    </th>
                    {data.tables!.map((table) => {
                      const price = resolvePrice(table, role.id, data.pricing!);
                      const source = sourceOf(table, role.id, data.pricing!);
                      return (
                        <td key={table.id} className="num" data-testid={`price-${role.id}-${table.id}`}>
                          <span className="price-cell">
                            <span className="price-cell__hour">
                              <span className={`price-mark price-mark--${source}`} aria-hidden="true" />
                              {t('adminConsole.pricing.per_hour', { price: formatMoney(price * 60, locale) })}
                            </span>
                            <span className="price-cell__minute">
                              {t('adminConsole.pricing.per_minute', { price: formatMoney(price, locale) })}
                            </span>
                            <span className="visually-hidden">{t(SOURCE_TEXT[source])}</span>
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className="muted small">{t('adminConsole.pricing.matrix_note')}</p>
        </>
      )}
    </Page>
  );
}

/** One price: kroner per minute, what an hour costs, save and remove. */
function PriceEditor({
  role,
  table,
  current,
  fallback,
  label,
}: {
  role: TRole;
  table: TTable | null;
  /** the price set here, if any */
  current: TRolePricing | undefined;
  /** what applies when nothing is set here (øre per minute); null: each table's own price */
  fallback: number | null;
  label: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const id = useId();
  const update = useUpdatePricing();
  const [text, setText] = useState(kronerInput(current?.price_per_minute, locale));
  const [error, setError] = useState<string | null>(null);
  const typed = text.trim() === '' ? null : parseKroner(text);
  const empty = text.trim() === '';
  const preview = empty ? (current?.price_per_minute ?? fallback) : typed;
  const changed = typed !== (current?.price_per_minute ?? null);

  function save() {
    if (text.trim() === '' || typed === null || typed < 0 || typed > 100_000) {
      setError(t('adminConsole.pricing.invalid'));
      return;
    }
    setError(null);
    update.mutate(
      { role_id: role.id, table_id: table?.id ?? null, price_per_minute: typed },
      { onSuccess: () => notifySuccess(t('adminConsole.pricing.saved', { what: label })) },
    );
  }

  function remove() {
    update.mutate(
      { role_id: role.id, table_id: table?.id ?? null, price_per_minute: null },
      {
        onSuccess: () => {
          setText('');
          notifySuccess(t('adminConsole.pricing.removed', { what: label }));
        },
      },
    );
  }

  return (
    <form
      className="price-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className={error ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <div className="price-editor__row">
          <div className="field__control price-editor__input">
            <input
              id={id}
              className="field__input field__input--suffixed"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              placeholder={fallback === null ? undefined : kronerInput(fallback, locale)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
            />
            <span className="field__suffix" aria-hidden="true">
              {t('adminConsole.pricing.kr_min')}
            </span>
          </div>
          <Button
            type="submit"
            className="button--small"
            busy={update.isPending && update.variables?.price_per_minute !== null}
            disabled={!changed}
          >
            {t('common.save')}
          </Button>
          {current && (
            <Button
              variant="ghost"
              className="button--small"
              busy={update.isPending && update.variables?.price_per_minute === null}
              onClick={remove}
              aria-label={t('adminConsole.pricing.remove_named', { what: label })}
            >
              {t('adminConsole.pricing.remove')}
            </Button>
          )}
        </div>
        <p id={`${id}-hint`} className="field__hint" aria-live="polite">
          {!empty && typed === null
            ? t('adminConsole.pricing.invalid')
            : preview === null
              ? t('adminConsole.pricing.inherits_table')
              : current || typed !== null
                ? t('adminConsole.pricing.hour_preview', { price: formatMoney(preview * 60, locale) })
                : t('adminConsole.pricing.inherits', {
                    price: formatMoney(preview, locale),
                    hour: formatMoney(preview * 60, locale),
                  })}
        </p>
        <FieldError id={id} error={error} />
      </div>
    </form>
  );
}

/** `/admin/pricing/{id}`: one role's price for all tables and, optionally, per table. */
export function PricingEditAdminPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rawId = useParams().id ?? '';
  const roleId = Number(rawId);
  const data = usePricingData();
  const back = { to: pathTo('admin.pricing'), label: t('admin.pricing.title') };

  if (data.isPending) {
    return (
      <Page title={t('admin.pricing.one', { id: rawId })} back={back}>
        <Loading />
      </Page>
    );
  }
  if (data.isError || !data.roles || !data.tables || !data.pricing) {
    return (
      <Page title={t('admin.pricing.one', { id: rawId })} back={back}>
        <ErrorState onRetry={data.refetch} />
      </Page>
    );
  }
  const role = data.roles.find((r) => r.id === roleId);
  if (!role) {
    return (
      <Page title={t('admin.pricing.one', { id: rawId })} back={back}>
        <ErrorState text={t('error.role_not_found')} />
      </Page>
    );
  }
  const mine = data.pricing.filter((p) => p.role_id === role.id);
  const general = mine.find((p) => p.table_id === null);

  return (
    <Page
      title={t('adminConsole.pricing.edit_title', { name: role.name })}
      subtitle={t('adminConsole.pricing.edit_subtitle')}
      back={back}
    >
      {mine.length === 0 && (
        <EmptyState
          icon={<CoinsIcon />}
          title={t('adminConsole.pricing.none_title')}
          text={t('adminConsole.pricing.none_text')}
        />
      )}
      <Section title={t('adminConsole.pricing.general')}>
        <div className="card">
          <PriceEditor
            key={`general-${general?.price_per_minute ?? 'none'}`}
            role={role}
            table={null}
            current={general}
            fallback={null}
            label={t('adminConsole.pricing.general_label')}
          />
          <p className="muted small">{t('adminConsole.pricing.general_hint')}</p>
        </div>
      </Section>
      <Section title={t('adminConsole.pricing.per_table')}>
        {data.tables.length === 0 ? (
          <EmptyState title={t('adminConsole.pricing.no_tables')} />
        ) : (
          <ul className="list">
            {data.tables.map((table) => {
              const specific = mine.find((p) => p.table_id === table.id);
              const fallback = general?.price_per_minute ?? table.price_per_minute;
              return (
                <li key={table.id} className="card">
                  <PriceEditor
                    key={`${table.id}-${specific?.price_per_minute ?? 'none'}`}
                    role={role}
                    table={table}
                    current={specific}
                    fallback={fallback}
                    label={table.name}
                  />
                  <p className="muted small">
                    {t('adminConsole.pricing.table_own', { price: formatMoney(table.price_per_minute, locale) })}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </Page>
  );
}

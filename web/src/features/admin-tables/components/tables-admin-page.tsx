import { formatMoney } from '@club/shared/money';
import { pathTo } from '@club/shared/routes';
import type { TTable } from '@club/shared/tables';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { OpenLink, useCreateInPlace } from '../../../components/admin-list.tsx';
import { TableIcon } from '../../../components/icons.tsx';
import { LightState } from '../../../components/light-state.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCreateTable } from '../api/create-table.ts';
import { useAdminTables } from '../api/get-admin-tables.ts';
import { BillingSettingsPanel } from './billing-settings-panel.tsx';
import { DebtSetting } from './debt-setting.tsx';
import { FloorPlan } from './floor-plan.tsx';
import { LightsTab } from './lights-tab.tsx';
import { QrSheet } from './qr-sheet.tsx';
import { TableForm } from './table-form.tsx';

const TABS = ['tables', 'lights', 'qr', 'billing'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/** Admin: every table live (floor plan and list), new tables, the QR sheet and billing settings. */
export function TablesAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'tables';
  const tables = useAdminTables();
  const base = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    tables: null,
    lights: null,
    qr: null,
    billing: null,
  });
  const labels: Record<Tab, string> = {
    tables: t('games.admin.tab_tables'),
    lights: t('devices.tab'),
    qr: t('games.admin.tab_qr'),
    billing: t('games.admin.tab_billing'),
  };

  function select(next: Tab, focus = false) {
    setParams(next === 'tables' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const i = TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(TABS[(to + TABS.length) % TABS.length]!, true);
  }

  return (
    <Page title={t('admin.tables.title')} subtitle={t('admin.tables.subtitle')} wide>
      <div className="tabs" role="tablist" aria-label={t('games.admin.tabs_label')} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${name}`}
            aria-controls={`${base}-panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div className="tabpanel" role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`}>
        {tables.isPending ? (
          <Loading />
        ) : tables.isError ? (
          <ErrorState onRetry={() => void tables.refetch()} />
        ) : tab === 'tables' ? (
          <TablesTab tables={tables.data} />
        ) : tab === 'lights' ? (
          <LightsTab tables={tables.data} />
        ) : tab === 'qr' ? (
          <QrSheet tables={tables.data} />
        ) : (
          <>
            <BillingSettingsPanel tables={tables.data} />
            <DebtSetting />
          </>
        )}
      </div>
    </Page>
  );
}

function TablesTab({ tables }: { tables: TTable[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const create = useCreateTable();
  const createOnce = useRunOnce(create);
  const { creating, newButton, cancelButton, empty } = useCreateInPlace(t('games.admin.new'));

  return (
    <>
      {tables.length > 0 && (
        <Section title={t('games.admin.floor')}>
          <FloorPlan tables={tables} />
        </Section>
      )}
      <Section title={t('games.admin.list')} action={newButton}>
        {creating && (
          <div className="create-table">
            <h3 className="my-bill__title">{t('games.admin.new')}</h3>
            <TableForm
              otherTables={tables}
              locale={locale}
              submitLabel={t('games.admin.create')}
              busy={create.isPending}
              onSubmit={(fields, onServerError) =>
                createOnce(fields, {
                  onSuccess: (table) => {
                    notifySuccess(t('games.admin.created', { name: table.name }));
                    navigate(pathTo('admin.table', { id: table.id }));
                  },
                  onError: onServerError,
                })
              }
              extraActions={cancelButton}
            />
          </div>
        )}
        {tables.length === 0 ? (
          empty(<TableIcon />, t('admin.tables.empty'), t('admin.tables.empty_text'))
        ) : (
          <ul className="list admin-table-list">
            {tables.map((table) => (
              <li key={table.id} className="card list-card">
                <div className="list-card__main">
                  <Link to={pathTo('admin.table', { id: table.id })} className="list-card__title">
                    {table.name}
                  </Link>
                  <span className="admin-table-list__facts">
                    <span>{t('games.seats_taken', { players: table.players_count, capacity: table.capacity })}</span>
                    <span>{t('games.per_minute', { price: formatMoney(table.price_per_minute, locale) })}</span>
                    <LightState light={table.light} t={t} testId={`admin-light-${table.id}`} />
                  </span>
                </div>
                <StatusPill table={table} t={t} />
                <OpenLink
                  to={pathTo('admin.table', { id: table.id })}
                  label={t('games.admin.edit', { name: table.name })}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

import { formatMoney } from '@club/shared/money';
import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDeleteConfirm } from '../../../components/admin-list.tsx';
import { Button } from '../../../components/form.tsx';
import { TableIcon, TrashIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteTable } from '../api/delete-table.ts';
import { type TAdminTable, useAdminTable } from '../api/get-admin-table.ts';
import { useAdminTables } from '../api/get-admin-tables.ts';
import { useUpdateTable } from '../api/update-table.ts';
import { OutOfOrderPanel } from './out-of-order-panel.tsx';
import { QrCard } from './qr-sheet.tsx';
import { TableForm } from './table-form.tsx';

/** Admin: one table's settings, its game now, its QR code, and deleting it. */
export function TableAdminPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const table = useAdminTable(valid ? id : 0);
  const back = { to: pathTo('admin.tables'), label: t('admin.tables.title') };

  if (!valid || (table.isError && table.error instanceof ApiError && table.error.key === 'error.table_not_found')) {
    return (
      <Page title={t('games.table.not_found')} back={back}>
        <EmptyState icon={<TableIcon />} title={t('games.table.not_found')} />
      </Page>
    );
  }
  if (table.isPending) {
    return (
      <Page title={t('admin.tables.one', { id })} back={back}>
        <Loading />
      </Page>
    );
  }
  if (table.isError) {
    return (
      <Page title={t('admin.tables.one', { id })} back={back}>
        <ErrorState onRetry={() => void table.refetch()} />
      </Page>
    );
  }
  return <EditTable key={table.data.id} table={table.data} />;
}

function EditTable({ table }: { table: TAdminTable }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const all = useAdminTables();
  const update = useUpdateTable();
  const { ask, dialog } = useDeleteConfirm<TAdminTable>({
    remove: useDeleteTable(),
    title: (gone) => t('games.admin.delete_title', { name: gone.name }),
    text: () => t('games.admin.delete_text'),
    deleted: (gone) => t('games.admin.deleted', { name: gone.name }),
    onDeleted: () => navigate(pathTo('admin.tables')),
  });
  const players = table.game?.players.filter((p) => p.status === 'joined') ?? [];

  return (
    <Page
      title={t('games.admin.edit', { name: table.name })}
      subtitle={t('games.admin.edit_subtitle')}
      back={{ to: pathTo('admin.tables'), label: t('admin.tables.title') }}
      actions={<StatusPill table={table} t={t} />}
      wide
    >
      <div className="admin-table-layout">
        <TableForm
          table={table}
          otherTables={all.data ?? []}
          locale={locale}
          submitLabel={t('common.save')}
          busy={update.isPending}
          onSubmit={(fields, onServerError) =>
            update.mutate(
              { id: table.id, ...fields },
              {
                onSuccess: (saved) => notifySuccess(t('games.admin.saved', { name: saved.name })),
                onError: onServerError,
              },
            )
          }
        />
        <div className="admin-table-side">
          <OutOfOrderPanel table={table} />
          <Section title={t('games.admin.game_now')}>
            <div className="card stack">
              {table.game && players.length > 0 ? (
                <ul className="list">
                  {players.map((p) => (
                    <li key={p.id} className="bill-player__head">
                      <span>{p.name}</span>
                      <span className="money muted">
                        {t('games.per_minute', { price: formatMoney(p.price_per_minute, locale) })}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('games.admin.no_game')}</p>
              )}
              <Link to={pathTo('table', { id: table.id })} className="link small">
                {t('games.admin.open_table')}
              </Link>
            </div>
          </Section>
          <Section title={t('games.admin.tab_qr')}>
            <QrCard table={table} small />
          </Section>
          <div className="card danger-zone">
            <p className="muted small">{t('games.admin.delete_text')}</p>
            <Button variant="secondary" className="button--icon-text" onClick={() => ask(table)}>
              <TrashIcon />
              {t('games.admin.delete')}
            </Button>
          </div>
        </div>
      </div>
      {dialog}
    </Page>
  );
}

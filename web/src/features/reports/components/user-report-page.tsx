import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useReportUser } from '../api/get-report-user.ts';
import { ReportView } from './report-view.tsx';

/** `/admin/reports/users/{id}`: one member's play and spending. */
export function UserReportPage() {
  const { t } = useTranslation();
  const rawId = useParams().id ?? '';
  const id = Number(rawId);
  const user = useReportUser(id);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Page title={t('reports.user', { id: rawId })} back={{ to: pathTo('admin.reports'), label: t('reports.title') }}>
        <EmptyState title={t('error.user_not_found')} />
      </Page>
    );
  }
  const name = user.data ? `${user.data.name} ${user.data.surname}` : t('reports.user', { id });
  return (
    <ReportView
      kind="user"
      userId={id}
      title={name}
      subtitle={t('reports.user_hint')}
      extra={
        user.data && (
          <p className="small">
            <Link to={pathTo('admin.users.edit', { id })} className="link">
              {t('adminConsole.reports.to_user', { name })}
            </Link>
          </p>
        )
      }
    />
  );
}

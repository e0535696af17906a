import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ChartIcon,
  ChevronRightIcon,
  ClockIcon,
  ReceiptIcon,
  TableIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { useReport } from '../api/get-report.ts';
import { resolvedRange, searchOf } from '../lib/range.ts';
import { queryOf } from '../lib/report-query.ts';
import { Headline } from './headline.tsx';
import { RangePicker, useRange } from './range-picker.tsx';
import '../../../styles/admin.css';

/** `/admin/reports`: pick a period, see the headline, open a report. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useRange();
  const search = searchOf(range);
  // the headline's kiosk report says which days a preset is on the club's calendar
  const kiosk = useReport(queryOf('kiosk', range), range.from <= range.to);
  const reports = [
    {
      to: pathTo('admin.reports.tables'),
      icon: <TableIcon />,
      label: t('reports.tables'),
      hint: t('adminConsole.reports.hint_tables'),
    },
    {
      to: pathTo('admin.reports.games'),
      icon: <ChartIcon />,
      label: t('reports.games'),
      hint: t('adminConsole.reports.hint_games'),
    },
    {
      to: pathTo('admin.reports.kiosk'),
      icon: <ReceiptIcon />,
      label: t('adminConsole.reports.kiosk_title'),
      hint: t('adminConsole.reports.hint_kiosk'),
    },
    {
      to: pathTo('admin.reports.subscriptions'),
      icon: <ClockIcon />,
      label: t('reports.subscriptions'),
      hint: t('adminConsole.reports.hint_subscriptions'),
    },
    {
      to: pathTo('admin.reports.users'),
      icon: <UsersIcon />,
      label: t('reports.users'),
      hint: t('adminConsole.reports.hint_users'),
    },
  ];
  return (
    <Page title={t('reports.title')} subtitle={t('adminConsole.reports.subtitle')} wide>
      <RangePicker range={resolvedRange(range, kiosk.data)} onChange={setRange} />
      <Headline range={range} />
      <ul className="list report-cards">
        {reports.map((r) => (
          <li key={r.to}>
            <Link to={`${r.to}${search}`} className="card report-card">
              <span className="menu__icon">{r.icon}</span>
              <span className="menu__text">
                <span className="menu__label">{r.label}</span>
                <span className="menu__hint">{r.hint}</span>
              </span>
              <ChevronRightIcon />
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted small">
        {t('adminConsole.reports.one_user_note')}{' '}
        <Link to={pathTo('admin.users')} className="link">
          {t('admin.users.title')}
        </Link>
      </p>
    </Page>
  );
}

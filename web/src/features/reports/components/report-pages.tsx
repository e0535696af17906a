import { pathTo } from '@club/shared/routes';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  ChartIcon,
  ChevronRightIcon,
  ClockIcon,
  ReceiptIcon,
  TableIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** From–to, defaulting to the last 30 days. */
function Period() {
  const { t } = useTranslation();
  const id = useId();
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 24 * 3600 * 1000)));
  return (
    <fieldset className="period">
      <legend className="visually-hidden">{t('reports.period')}</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {t('reports.from')}
        </label>
        <input
          id={`${id}-from`}
          className="field__input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {t('reports.to')}
        </label>
        <input
          id={`${id}-to`}
          className="field__input"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
    </fieldset>
  );
}

function ReportShell({ title, subtitle, icon }: { title: string; subtitle: string; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={title} subtitle={subtitle} wide back={{ to: pathTo('admin.reports'), label: t('reports.title') }}>
      <Period />
      <EmptyState icon={icon} title={t('reports.empty')} text={t('reports.empty_text')} />
    </Page>
  );
}

export function ReportsPage() {
  const { t } = useTranslation();
  const reports = [
    {
      to: pathTo('admin.reports.tables'),
      icon: <TableIcon />,
      label: t('reports.tables'),
      hint: t('reports.tables_hint'),
    },
    {
      to: pathTo('admin.reports.games'),
      icon: <ChartIcon />,
      label: t('reports.games'),
      hint: t('reports.games_hint'),
    },
    {
      to: pathTo('admin.reports.kiosk'),
      icon: <ReceiptIcon />,
      label: t('reports.kiosk'),
      hint: t('reports.kiosk_hint'),
    },
    {
      to: pathTo('admin.reports.subscriptions'),
      icon: <ClockIcon />,
      label: t('reports.subscriptions'),
      hint: t('reports.subscriptions_hint'),
    },
    {
      to: pathTo('admin.reports.users'),
      icon: <UsersIcon />,
      label: t('reports.users'),
      hint: t('reports.users_hint'),
    },
  ];
  return (
    <Page title={t('reports.title')} subtitle={t('reports.subtitle')} wide>
      <ul className="menu">
        {reports.map((r) => (
          <li key={r.to}>
            <Link to={r.to} className="menu__item">
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
    </Page>
  );
}

export function TablesReportPage() {
  const { t } = useTranslation();
  return <ReportShell title={t('reports.tables')} subtitle={t('reports.tables_hint')} icon={<TableIcon />} />;
}

export function GamesReportPage() {
  const { t } = useTranslation();
  return <ReportShell title={t('reports.games')} subtitle={t('reports.games_hint')} icon={<ChartIcon />} />;
}

export function KioskReportPage() {
  const { t } = useTranslation();
  return <ReportShell title={t('reports.kiosk')} subtitle={t('reports.kiosk_hint')} icon={<ReceiptIcon />} />;
}

export function SubscriptionsReportPage() {
  const { t } = useTranslation();
  return (
    <ReportShell title={t('reports.subscriptions')} subtitle={t('reports.subscriptions_hint')} icon={<ClockIcon />} />
  );
}

export function UsersReportPage() {
  const { t } = useTranslation();
  return <ReportShell title={t('reports.users')} subtitle={t('reports.users_hint')} icon={<UsersIcon />} />;
}

export function UserReportPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  return <ReportShell title={t('reports.user', { id })} subtitle={t('reports.user_hint')} icon={<UsersIcon />} />;
}

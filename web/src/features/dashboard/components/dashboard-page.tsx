import type { TDashboard } from '@club/shared/reports';
import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDashboard } from '../../../api/get-dashboard.ts';
import { useAdminSections } from '../../../components/admin-sections.tsx';
import { ClockIcon, ReceiptIcon, TableIcon } from '../../../components/icons.tsx';
import { MenuLink } from '../../../components/menu-link.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatClock, formatMinutes, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import '../../../styles/admin.css';

function Stat({
  icon,
  label,
  value,
  to,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  to: string;
  hint?: string;
}) {
  return (
    <Link to={to} className="stat card">
      <span className="stat__icon">{icon}</span>
      <span className="stat__label">{label}</span>
      <span className="stat__value">{value}</span>
      {hint && <span className="stat__hint">{hint}</span>}
    </Link>
  );
}

/** Today's money, split by where it came from, as a stacked bar and its figures. */
function Revenue({ revenue }: { revenue: TDashboard['revenue'] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const parts = [
    { key: 'table_time', label: t('adminConsole.dashboard.table_time'), value: revenue.table_time },
    { key: 'kiosk', label: t('adminConsole.dashboard.kiosk'), value: revenue.kiosk },
    { key: 'subscriptions', label: t('adminConsole.dashboard.subscriptions'), value: revenue.subscriptions },
  ];
  const sum = parts.reduce((s, p) => s + Math.max(0, p.value), 0);
  // what was taken off is a part of its own: the figures add up to the total on screen
  const figures = [
    ...parts,
    { key: 'discounts', label: t('adminConsole.dashboard.discounts'), value: -revenue.discounts },
  ];
  return (
    <section className="card revenue" aria-labelledby="revenue-title">
      <div className="revenue__head">
        <h2 id="revenue-title" className="revenue__title">
          {t('adminConsole.dashboard.revenue')}
        </h2>
        <p className="revenue__total" aria-live="polite">
          {formatMoney(revenue.total, locale)}
        </p>
      </div>
      <div className="revenue__bar" aria-hidden="true">
        {sum > 0 &&
          parts.map((p) =>
            p.value > 0 ? (
              <span
                key={p.key}
                className={`revenue__segment revenue__segment--${p.key}`}
                style={{ flexGrow: p.value }}
              />
            ) : null,
          )}
      </div>
      <dl className="revenue__parts">
        {figures.map((p) => (
          <div key={p.key} className="revenue__part" data-testid={`revenue-${p.key}`}>
            <dt>
              <span className={`revenue__dot revenue__segment--${p.key}`} aria-hidden="true" />
              {p.label}
            </dt>
            <dd>{formatMoney(p.value, locale)}</dd>
          </div>
        ))}
      </dl>
      {revenue.refunds > 0 && (
        // money given back today, of today's sales or earlier ones: what the day kept after it
        <dl className="revenue__parts revenue__after">
          <div className="revenue__part" data-testid="revenue-refunds">
            <dt>{t('adminConsole.dashboard.refunds')}</dt>
            <dd>{formatMoney(-revenue.refunds, locale)}</dd>
          </div>
          <div className="revenue__part revenue__net" data-testid="revenue-net">
            <dt>{t('adminConsole.dashboard.net')}</dt>
            <dd>{formatMoney(revenue.total - revenue.refunds, locale)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The staff's overview: today's money, the floor, the payments waiting for approval. */
/** `floorPlan`: the live floor plan, composed in by the route (features do not import each other). */
export function DashboardPage({ floorPlan }: { floorPlan?: ReactNode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const dashboard = useDashboard();
  // on a phone there is no side navigation: the sections are listed here
  const sections = useAdminSections();

  return (
    <Page title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} wide>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <ErrorState onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className="dashboard">
          <div className="dashboard__top">
            <Revenue revenue={dashboard.data.revenue} />
            <div className="stats stats--two" aria-live="polite">
              <Stat
                icon={<TableIcon />}
                label={t('adminConsole.dashboard.active_games')}
                value={dashboard.data.active_games}
                to={pathTo('admin.tables')}
              />
              <Stat
                icon={<TableIcon />}
                label={t('adminConsole.dashboard.free_tables')}
                value={dashboard.data.free_tables}
                hint={t('adminConsole.dashboard.of_tables', { count: dashboard.data.tables })}
                to={pathTo('admin.tables')}
              />
            </div>
          </div>

          <section className="card floor-slot" aria-labelledby="floor-plan-title">
            <div className="section__header">
              <h2 id="floor-plan-title" className="section__title">
                {t('admin.dashboard.floor')}
              </h2>
              <Link to={pathTo('admin.tables')} className="link small">
                {t('adminConsole.dashboard.floor_link')}
              </Link>
            </div>
            <div id="floor-plan" className={floorPlan ? 'floor-slot__live' : 'floor-slot__plan'}>
              {floorPlan ?? <p className="muted small">{t('adminConsole.dashboard.floor_text')}</p>}
            </div>
          </section>

          <div className="dashboard__lists">
            <Section title={t('admin.dashboard.approvals')}>
              {dashboard.data.awaiting_approval.length === 0 ? (
                <EmptyState title={t('admin.dashboard.approvals_empty')} />
              ) : (
                <ul className="menu">
                  {dashboard.data.awaiting_approval.map((order) => (
                    <MenuLink
                      key={order.order_id}
                      to={pathTo('admin.order', { id: order.order_id })}
                      icon={<ReceiptIcon />}
                      label={`${order.reference} · ${formatMoney(order.total, locale)}`}
                      hint={`${order.user_name ?? t('adminConsole.dashboard.no_name')} · ${t('adminConsole.dashboard.since', { time: formatClock(order.since, locale) })}`}
                    />
                  ))}
                </ul>
              )}
            </Section>
            <Section title={t('adminConsole.dashboard.low')}>
              {dashboard.data.subscriptions_low.length === 0 ? (
                <EmptyState title={t('adminConsole.dashboard.low_empty')} />
              ) : (
                <ul className="menu">
                  {dashboard.data.subscriptions_low.map((s) => (
                    <MenuLink
                      key={`${s.user_id}-${s.subscription}`}
                      to={pathTo('admin.users.edit', { id: s.user_id })}
                      icon={<ClockIcon />}
                      label={s.name}
                      hint={`${s.subscription} · ${t('adminConsole.dashboard.left', { time: formatMinutes(s.remaining_minutes, locale) })}`}
                    />
                  ))}
                </ul>
              )}
            </Section>
          </div>
        </div>
      )}
      {/* keyed: without it Preact takes this div for the figures' div when they replace the
          loading state (same element type), and builds the list of sections anew */}
      <div key="sections" className="only-narrow">
        <Section title={t('admin.dashboard.sections')}>
          <ul className="menu">
            {sections.map((item) => (
              <MenuLink key={item.to} to={item.to} icon={item.icon} label={item.label} />
            ))}
          </ul>
        </Section>
      </div>
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { CardIcon } from '../../../components/icons.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatClock, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useApproveOrder } from '../api/approve-order.ts';
import { useApprovals } from '../api/get-approvals.ts';
import '../../../styles/live.css';

/** Card-terminal payments waiting at the counter, each approved with one press. */
export function ApprovalQueue() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const approvals = useApprovals();
  const approve = useApproveOrder();

  if (approvals.isPending) return <Loading />;
  if (approvals.isError) return <ErrorState onRetry={() => void approvals.refetch()} />;
  if (approvals.data.length === 0) {
    return <EmptyState icon={<CardIcon />} title={t('live.approvals.empty')} text={t('live.approvals.empty_text')} />;
  }
  return (
    <ul className="live-approvals" aria-live="polite">
      {approvals.data.map((order) => (
        <li key={order.order_id} className="live-approval">
          <div className="live-approval__text">
            <Link to={`/admin/orders/${order.order_id}`} className="live-approval__ref">
              {order.reference}
            </Link>
            <span className="muted small">
              {order.user_name ?? t('live.approvals.no_name')} ·{' '}
              {t('live.approvals.since', { time: formatClock(order.since, locale) })}
            </span>
          </div>
          <span className="live-approval__total">{formatMoney(order.total, locale)}</span>
          <Button
            className="button--small"
            busy={approve.isPending && approve.variables === order.order_id}
            disabled={approve.isPending}
            aria-label={t('live.approvals.approve_label', { reference: order.reference })}
            onClick={() =>
              approve.mutate(order.order_id, {
                onSuccess: () => notifySuccess(t('live.approvals.approved', { reference: order.reference })),
              })
            }
          >
            {t('live.approvals.approve')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

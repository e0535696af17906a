import type { TOrder } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/page.tsx';
import { ReadFailedCard } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAnswerTransfer, useIncomingTransfers } from '../api/transfer-requests.ts';

/**
 * Orders someone asks me to take over, each with Accept and Decline; nothing when there are
 * none, or while they are read (most of the time there are none, so a spinner would only move
 * the page). A failed read says so: nothing would read as nobody asking.
 */
export function IncomingTransfers() {
  const { t } = useTranslation();
  const incoming = useIncomingTransfers();
  if (incoming.isError && !incoming.data) {
    return <ReadFailedCard text={t('transfer.incoming_load_failed')} onRetry={() => void incoming.refetch()} />;
  }
  if (!incoming.data?.length) return null;
  return (
    <Section title={t('transfer.incoming_title')}>
      <ul className="list">
        {incoming.data.map((order) => (
          <IncomingTransfer key={order.id} order={order} />
        ))}
      </ul>
    </Section>
  );
}

/**
 * Says the answer went through even when the live update has already taken the request off
 * the list (a mutate call's own callbacks do not run once its component is gone); a failure
 * is shown by the API client's error toast.
 */
function answered(answer: Promise<unknown>, message: string): void {
  answer.then(() => notifySuccess(message)).catch(() => {});
}

function IncomingTransfer({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const accept = useAnswerTransfer('accept');
  const decline = useAnswerTransfer('decline');
  const busy = accept.isPending || decline.isPending;
  const name = order.user_name ?? '';
  const named = { reference: order.reference, name };
  return (
    <li className="card order-card transfer-request">
      <p className="order-card__summary">
        {t('transfer.incoming_text', { ...named, amount: formatMoney(order.total, currentLocale()) })}
      </p>
      <div className="order-card__bottom">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          aria-label={t('transfer.accept_named', named)}
          onClick={() => answered(accept.mutateAsync(order.id), t('transfer.accepted'))}
        >
          {t('transfer.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          aria-label={t('transfer.decline_named', named)}
          onClick={() => answered(decline.mutateAsync(order.id), t('transfer.declined', { name }))}
        >
          {t('transfer.decline')}
        </button>
      </div>
    </li>
  );
}

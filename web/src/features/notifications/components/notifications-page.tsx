import { isInAppPath, isSafeLink, type TNotification } from '@club/shared/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { BellIcon, CheckIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { useMyNotifications } from '../api/get-my-notifications.ts';
import { useReadNotification } from '../api/read-notification.ts';
import '../../../styles/admin.css';

/**
 * An in-app path opens with the router; an `https:` address in a new tab; anything else (a
 * link stored before the API checked them) is not shown at all. (A click on it bubbles to
 * the card, which marks the notification as read.)
 */
function NotificationLink({ notification }: { notification: TNotification }) {
  const { t } = useTranslation();
  const url = notification.url;
  if (!url || !isSafeLink(url)) return null;
  const text = notification.link_text || t('adminConsole.inbox.open_link');
  if (isInAppPath(url)) {
    return (
      <Link to={url} className="button button--secondary button--small inbox__link">
        {text}
        <ChevronRightIcon />
      </Link>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="button button--secondary button--small inbox__link"
    >
      {text}
      <span className="visually-hidden"> ({t('adminConsole.inbox.new_tab')})</span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}

/** `/notifications`: news from the club, newest first; unread ones marked until opened. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  // when staff sent it, in the club's time, whatever zone the phone is set to
  const timeZone = useClubTimeZone(true);
  const inbox = useMyNotifications();
  const read = useReadNotification();
  const unread = inbox.data?.unread ?? 0;

  const markAll = () => {
    for (const n of inbox.data?.data ?? []) if (n.read_at === null) read.mutate(n.id);
  };

  return (
    <Page
      title={t('notifications.title')}
      subtitle={
        inbox.data && (
          <span aria-live="polite">
            {unread > 0 ? t('adminConsole.inbox.unread', { count: unread }) : t('adminConsole.inbox.all_read')}
          </span>
        )
      }
      actions={
        unread > 0 && (
          <Button variant="secondary" className="button--small" onClick={markAll}>
            <CheckIcon />
            {t('adminConsole.inbox.mark_all')}
          </Button>
        )
      }
    >
      {inbox.isPending ? (
        <Loading />
      ) : inbox.isError ? (
        <ErrorState onRetry={() => void inbox.refetch()} />
      ) : inbox.data.data.length === 0 ? (
        <EmptyState icon={<BellIcon />} title={t('notifications.empty')} text={t('notifications.empty_text')} />
      ) : (
        <ul className="list inbox" aria-label={t('notifications.title')}>
          {inbox.data.data.map((n) => {
            const isUnread = n.read_at === null;
            const open = () => {
              if (isUnread) read.mutate(n.id);
            };
            return (
              <li key={n.id} className={isUnread ? 'card inbox__item inbox__item--unread' : 'card inbox__item'}>
                {/* a click anywhere on the card (its link and button included) counts as opening it */}
                {/* biome-ignore lint/a11y/noStaticElementInteractions: the keyboard path is the buttons and links inside */}
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the buttons and links inside */}
                <div className="inbox__body" onClick={open}>
                  <div className="inbox__meta">
                    {isUnread && <span className="pill pill--active">{t('adminConsole.inbox.new')}</span>}
                    <time className="muted small" dateTime={n.created_at}>
                      {formatDateTime(n.created_at, locale, timeZone)}
                    </time>
                  </div>
                  <p className="inbox__message">
                    {isUnread && <span className="visually-hidden">{t('adminConsole.inbox.unread_label')}: </span>}
                    {n.message}
                  </p>
                  {(n.url || isUnread) && (
                    <div className="inbox__actions">
                      <NotificationLink notification={n} />
                      {isUnread && (
                        <Button variant="ghost" className="button--small">
                          {t('adminConsole.inbox.mark_read')}
                        </Button>
                      )}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { formatClockTime, formatDuration, formatMinutes, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { type BillGroup, type PlayerBill, prepaidLeft } from '../lib/bill.ts';

/** One player's live bill: time played, price per minute, prepaid minutes, total. */
function PlayerRow({
  entry,
  isMe,
  isGuest,
  onLetGo,
}: {
  entry: PlayerBill;
  isMe: boolean;
  isGuest: boolean;
  onLetGo?: ((entry: PlayerBill) => void) | undefined;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { player, bill } = entry;
  const gone = player.status !== 'joined';
  const prepaid = player.billing.subscription_minutes;
  const left = prepaidLeft(player, bill);
  // a time of the club's day, as the table's "started at" beside it
  const timeZone = useClubTimeZone(prepaid > 0 && player.billing.subscription_from !== null);
  return (
    <li className={`bill-player${gone ? ' bill-player--gone' : ''}${isGuest ? ' bill-player--guest' : ''}`}>
      <div className="bill-player__head">
        <span className="bill-player__name">
          {player.name}
          {isMe && <span className="pill pill--active">{t('games.table.you')}</span>}
          {isGuest && <span className="pill">{t('games.table.guest')}</span>}
          {gone && <span className="pill pill--expired">{t('games.table.gone')}</span>}
        </span>
        <span className="bill-player__total money" data-testid={`player-total-${player.id}`}>
          {formatMoney(bill.total, locale)}
        </span>
      </div>
      <dl className="bill-facts">
        <div>
          <dt>{t('games.table.time_played')}</dt>
          <dd className="money">{formatDuration(bill.billable_ms, locale)}</dd>
        </div>
        {bill.minutes !== Math.floor(bill.billable_ms / 60_000) && (
          // time is charged per started unit (and not at all in the grace minutes): the minutes
          // the total is worked out from, so that the price times the time played adds up
          <div>
            <dt>{t('games.table.time_charged')}</dt>
            <dd className="money">{formatMinutes(bill.minutes, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{t('games.table.price')}</dt>
          <dd>{t('games.per_minute', { price: formatMoney(player.price_per_minute, locale) })}</dd>
        </div>
        {prepaid > 0 && (
          <div>
            <dt>{t('games.table.prepaid_used')}</dt>
            <dd>{t('games.minutes', { count: bill.subscription_minutes })}</dd>
          </div>
        )}
        {prepaid > 0 && left > 0 && (
          <div>
            <dt>{t('games.table.prepaid_left')}</dt>
            <dd>{t('games.minutes', { count: left })}</dd>
          </div>
        )}
      </dl>
      {prepaid > 0 && player.billing.subscription_from && (
        // hours bought during the game: the bill shows where they took over
        <p className="muted small" data-testid="prepaid-from">
          {t('games.table.prepaid_from', {
            time: formatClockTime(new Date(player.billing.subscription_from), timeZone),
          })}
        </p>
      )}
      {prepaid > 0 && left === 0 && <p className="bill-player__note">{t('games.table.prepaid_out')}</p>}
      {bill.discount > 0 && (
        <p className="muted small">{t('games.table.discount', { amount: formatMoney(bill.discount, locale) })}</p>
      )}
      {bill.minimum_adjustment > 0 && (
        <p className="muted small">
          {t('games.table.minimum', { amount: formatMoney(bill.minimum_adjustment, locale) })}
        </p>
      )}
      {onLetGo && !gone && (
        <button type="button" className="button button--ghost button--small" onClick={() => onLetGo(entry)}>
          {t('games.table.let_go_named', { name: player.name })}
        </button>
      )}
    </li>
  );
}

/** A host with their guests; the group's total is what the host pays at leave. */
export function BillGroupCard({
  group,
  meId,
  onLetGo,
  showTotal = true,
}: {
  group: BillGroup;
  meId: number | null;
  onLetGo?: (entry: PlayerBill) => void;
  showTotal?: boolean;
}) {
  const { t } = useTranslation();
  const isMine = group.host.player.id === meId;
  return (
    <div className="card bill-group">
      <ul className="bill-group__list" aria-label={group.host.player.name}>
        <PlayerRow entry={group.host} isMe={isMine} isGuest={false} />
        {group.guests.map((guest) => (
          <PlayerRow key={guest.player.id} entry={guest} isMe={false} isGuest onLetGo={isMine ? onLetGo : undefined} />
        ))}
      </ul>
      {group.discount > 0 && (
        <p className="muted small bill-group__discount" data-testid="group-discount">
          {t('games.table.fixed_discount', { amount: formatMoney(group.discount, currentLocale()) })}
        </p>
      )}
      {showTotal && group.guests.length > 0 && (
        <div className="bill-group__total">
          <span>{t('games.table.total')}</span>
          <span className="money">{formatMoney(group.total, currentLocale())}</span>
        </div>
      )}
    </div>
  );
}

import { pathTo } from '@club/shared/routes';
import type { TWaitlistEntry } from '@club/shared/waitlist';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { ClockIcon, TableIcon } from '../../../components/icons.tsx';
import { ReadFailedCard } from '../../../components/states.tsx';
import { formatClockTime } from '../../../lib/format.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useClaimTable } from '../api/claim-table.ts';
import { useMyWaitlist } from '../api/get-my-waitlist.ts';
import { useJoinWaitlist, useLeaveWaitlist } from '../api/join-waitlist.ts';
import { useWaitLeft } from '../lib/wait-left.ts';
import '../../../styles/waitlist.css';
import { useRunOnce } from '../../../lib/use-run-once.ts';

// asked only after a tap: not in the start page's first download
const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * Leaving the line loses the party's place (and a table held for them), and nothing gives it
 * back: asked first, as staff are before they take a party off.
 */
function ConfirmLeave({
  open,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  // mounted from the first tap on, so that closing it gives focus back to the button
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>{text}</p>
      </ConfirmDialog>
    </Suspense>
  );
}

/**
 * The waitlist on the player's start page: a table held for them (take it, or let it go), their
 * place in line with the expected wait, or — when every table is taken — joining the line.
 * `allBusy`: no free table the player could take now; `largest`: the most seats a table has.
 */
export function WaitlistCard({ allBusy, largest }: { allBusy: boolean; largest: number }) {
  const { t } = useTranslation();
  const mine = useMyWaitlist();
  if (mine.data === undefined) {
    // nothing while it is read: "join the line" would be wrong for a party in it
    if (!mine.isError) return null;
    // not nothing, nor "join": the party may be in the line, a table held for it
    return (
      <ReadFailedCard text={t('waitlist.load_failed')} onRetry={() => void mine.refetch()} testId="waitlist-failed" />
    );
  }
  const entry = mine.data.entry ?? null;
  if (entry?.offer) return <OfferCard entry={entry} />;
  if (entry) return <PlaceCard entry={entry} readAt={mine.dataUpdatedAt} />;
  if (!allBusy || largest < 1) return null;
  return <JoinCard largest={largest} waiting={mine.data.waiting} />;
}

function OfferCard({ entry }: { entry: TWaitlistEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claim = useClaimTable();
  const leave = useLeaveWaitlist();
  const runLeave = useRunOnce(leave);
  const [asking, setAsking] = useState(false);
  const offer = entry.offer!;
  const table = offer.table_name;
  // held until a time of the club's day, as the floor shows it
  const timeZone = useClubTimeZone(true);
  return (
    <section className="card waitlist waitlist--offer" aria-live="polite" data-testid="waitlist-offer">
      <div className="waitlist__head">
        <TableIcon />
        <h2 className="waitlist__title">{t('waitlist.offer_title', { table })}</h2>
      </div>
      <p className="small">
        {t('waitlist.offer_text', { time: formatClockTime(new Date(offer.expires_at), timeZone) })}
      </p>
      <div className="waitlist__actions">
        <Button
          className="button--block button--large"
          busy={claim.isPending}
          onClick={() =>
            claim.mutateAsync(offer.table_id).then(
              () => navigate(pathTo('table', { id: offer.table_id })),
              () => undefined,
            )
          }
        >
          {t('waitlist.claim', { table })}
        </Button>
        <Button variant="ghost" busy={leave.isPending} onClick={() => setAsking(true)}>
          {t('waitlist.decline')}
        </Button>
      </div>
      <ConfirmLeave
        open={asking}
        title={t('waitlist.decline_title', { table })}
        text={t('waitlist.decline_text')}
        confirmLabel={t('waitlist.decline_confirm')}
        busy={leave.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          runLeave(undefined, {
            onSuccess: () => notifySuccess(t('waitlist.left')),
            onSettled: () => setAsking(false),
          })
        }
      />
    </section>
  );
}

function PlaceCard({ entry, readAt }: { entry: TWaitlistEntry; readAt: number }) {
  const { t } = useTranslation();
  const leave = useLeaveWaitlist();
  const runLeave = useRunOnce(leave);
  const [asking, setAsking] = useState(false);
  const wait = useWaitLeft(entry.predicted_wait_minutes, readAt);
  return (
    <section className="card waitlist" data-testid="waitlist-place">
      <div className="waitlist__head">
        <ClockIcon />
        <h2 className="waitlist__title">{t('waitlist.position', { position: entry.position })}</h2>
      </div>
      <p className="small">
        {t('waitlist.party', { count: entry.party_size })}
        {' · '}
        {wait === null
          ? t('waitlist.wait_unknown')
          : wait <= 1
            ? t('waitlist.wait_now')
            : t('waitlist.wait_minutes', { minutes: wait })}
      </p>
      <Button variant="secondary" busy={leave.isPending} onClick={() => setAsking(true)}>
        {t('waitlist.leave')}
      </Button>
      <ConfirmLeave
        open={asking}
        title={t('waitlist.leave_title')}
        text={t('waitlist.leave_text', { position: entry.position })}
        confirmLabel={t('waitlist.leave')}
        busy={leave.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          runLeave(undefined, {
            onSuccess: () => notifySuccess(t('waitlist.left')),
            onSettled: () => setAsking(false),
          })
        }
      />
    </section>
  );
}

function JoinCard({ largest, waiting }: { largest: number; waiting: number }) {
  const { t } = useTranslation();
  const join = useJoinWaitlist();
  const runJoin = useRunOnce(join);
  const [party, setParty] = useState(2);
  const size = Math.min(party, largest);
  return (
    <section className="card waitlist" data-testid="waitlist-join">
      <div className="waitlist__head">
        <ClockIcon />
        <h2 className="waitlist__title">{t('waitlist.title')}</h2>
      </div>
      <p className="small">{t('waitlist.all_busy')}</p>
      {waiting > 0 && <p className="muted small">{t('waitlist.waiting_count', { count: waiting })}</p>}
      <fieldset className="waitlist__party">
        <legend className="small">{t('waitlist.party_size')}</legend>
        <div className="waitlist__stepper">
          <Button
            variant="secondary"
            aria-label={t('waitlist.fewer')}
            disabled={size <= 1}
            onClick={() => setParty(size - 1)}
          >
            −
          </Button>
          <output className="waitlist__count" aria-live="polite">
            {size}
          </output>
          <Button
            variant="secondary"
            aria-label={t('waitlist.more')}
            disabled={size >= largest}
            onClick={() => setParty(size + 1)}
          >
            +
          </Button>
        </div>
      </fieldset>
      <Button
        className="button--block"
        busy={join.isPending}
        onClick={() => runJoin(size, { onSuccess: () => notifySuccess(t('waitlist.joined')) })}
      >
        {t('waitlist.join')}
      </Button>
    </section>
  );
}

import type { TWaitlistEntry } from '@club/shared/waitlist';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { formatClockTime } from '../../../lib/format.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useChangeLine, useLine } from '../api/manage-line.ts';
import { useWaitLeft } from '../lib/wait-left.ts';
import '../../../styles/waitlist.css';
import { useRunOnce } from '../../../lib/use-run-once.ts';

/** The line on the staff floor: each party with its place, offer and wait; add a walk-in, move, seat, remove. */
export function WaitlistPanel() {
  const { t } = useTranslation();
  const line = useLine();
  const entries = line.data ?? [];
  return (
    <Section title={line.data ? `${t('waitlist.staff_title')} (${entries.length})` : t('waitlist.staff_title')}>
      <div className="card waitlist" data-testid="waitlist-panel">
        {/* not "nobody waits" before the line is read, nor when it could not be */}
        {line.isPending ? (
          <Loading />
        ) : !line.data ? (
          <ErrorState onRetry={() => void line.refetch()} />
        ) : entries.length === 0 ? (
          <p className="muted small">{t('waitlist.staff_empty')}</p>
        ) : (
          <ol className="waitlist-line">
            {entries.map((entry, i) => (
              <LineItem
                key={entry.id}
                entry={entry}
                readAt={line.dataUpdatedAt}
                first={i === 0}
                last={i === entries.length - 1}
              />
            ))}
          </ol>
        )}
        <AddWalkIn />
      </div>
    </Section>
  );
}

function LineItem({
  entry,
  readAt,
  first,
  last,
}: {
  entry: TWaitlistEntry;
  readAt: number;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangeLine();
  const runChange = useRunOnce(change);
  const [removing, setRemoving] = useState(false);
  const wait = useWaitLeft(entry.predicted_wait_minutes, readAt);
  // a held table runs out at the club's clock, not at the clock of the device staff hold
  const timeZone = useClubTimeZone(entry.offer !== null);
  const name = entry.name;
  const waiting = entry.status === 'waiting';
  return (
    <li className="waitlist-line__item">
      <span className="waitlist-line__who">
        <strong>
          {entry.position}. {name}
        </strong>{' '}
        <span className="muted small">
          {t('waitlist.party', { count: entry.party_size })}
          {entry.user_id === null ? ` · ${t('waitlist.walk_in')}` : ''}
          {' · '}
          {entry.offer
            ? t('waitlist.staff_offered', {
                table: entry.offer.table_name,
                time: formatClockTime(new Date(entry.offer.expires_at), timeZone),
              })
            : wait === null
              ? t('waitlist.wait_unknown')
              : t('waitlist.wait_minutes', { minutes: wait })}
        </span>
      </span>
      <span className="waitlist-line__tools">
        {waiting && (
          <>
            <Button
              variant="ghost"
              aria-label={t('waitlist.staff_up', { name })}
              disabled={first || change.isPending}
              onClick={() => runChange({ kind: 'move', body: { id: entry.id, direction: 'up' } })}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              aria-label={t('waitlist.staff_down', { name })}
              disabled={last || change.isPending}
              onClick={() => runChange({ kind: 'move', body: { id: entry.id, direction: 'down' } })}
            >
              ↓
            </Button>
          </>
        )}
        <Button
          variant="secondary"
          aria-label={t('waitlist.staff_seated', { name })}
          disabled={change.isPending}
          onClick={() => runChange({ kind: 'seat', body: { id: entry.id } })}
        >
          {/* the name a screen reader reads (aria-label) holds these words too (WCAG 2.5.3) */}
          <span aria-hidden="true">✓ </span>
          {t('waitlist.staff_seated_short')}
        </Button>
        <Button
          variant="danger"
          aria-label={t('waitlist.staff_remove', { name })}
          disabled={change.isPending}
          onClick={() => setRemoving(true)}
        >
          <span aria-hidden="true">✕ </span>
          {t('waitlist.staff_remove_short')}
        </Button>
      </span>
      {/* a party taken off the line loses its place: asked first, as every removal is */}
      <ConfirmDialog
        open={removing}
        title={t('waitlist.staff_remove_title', { name })}
        confirmLabel={t('waitlist.staff_remove_short')}
        busy={change.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => runChange({ kind: 'remove', body: { id: entry.id } }, { onSettled: () => setRemoving(false) })}
      >
        <p>{t('waitlist.staff_remove_text')}</p>
      </ConfirmDialog>
    </li>
  );
}

function AddWalkIn() {
  const { t } = useTranslation();
  const change = useChangeLine();
  const [name, setName] = useState('');
  const [party, setParty] = useState('2');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const size = Number(party);
    if (!name.trim() || !Number.isInteger(size) || size < 1) return;
    change.mutateAsync({ kind: 'add', body: { name: name.trim(), party_size: size } }).then(
      () => {
        setName('');
        notifySuccess(t('waitlist.staff_added'));
      },
      () => undefined,
    );
  };
  return (
    <form className="waitlist-add" onSubmit={submit}>
      <InputField name="walk-in-name" label={t('waitlist.staff_name')} value={name} onChange={setName} />
      <InputField
        name="walk-in-party"
        label={t('waitlist.party_size')}
        value={party}
        inputMode="numeric"
        onChange={setParty}
      />
      <Button type="submit" busy={change.isPending}>
        {t('waitlist.staff_add')}
      </Button>
    </form>
  );
}

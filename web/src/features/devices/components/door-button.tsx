import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { AlertIcon, CheckIcon, DoorIcon } from '../../../components/icons.tsx';
import { useDoorAccess, useOpenDoor } from '../api/door.ts';
import { type DoorFeedback, doorFeedback } from '../lib/door-feedback.ts';
import '../door.css';

/**
 * "Lås opp døren" on the player's phone, shown only while the server says this person may
 * open the door (`GET /v1/door/access`), with what came of the try in words.
 */
export function DoorCard() {
  const { t } = useTranslation();
  const access = useDoorAccess();
  if (!access.data?.allowed || !access.data.available) return null;
  return (
    <section className="card door-card" aria-labelledby="door-card-title" data-testid="door-card">
      <div className="door-card__head">
        <span className="card__icon">
          <DoorIcon />
        </span>
        <div>
          <h2 id="door-card-title" className="card__value">
            {t('lights.door.title')}
          </h2>
          <p className="muted small">{t('lights.door.hint')}</p>
        </div>
      </div>
      <DoorAction block />
    </section>
  );
}

/** Staff unlock the door from the live floor, at any hour. */
export function StaffDoorButton() {
  const access = useDoorAccess();
  if (!access.data?.available) return null;
  return <DoorAction staff />;
}

function DoorAction({ block = false, staff = false }: { block?: boolean; staff?: boolean }) {
  const { t } = useTranslation();
  const open = useOpenDoor();
  const [feedback, setFeedback] = useState<DoorFeedback | null>(null);
  const title =
    feedback && staff && feedback.title === 'lights.door.opened' ? 'devices.door_staff.opened' : feedback?.title;
  return (
    <div className={staff ? 'door-action door-action--staff' : 'door-action'}>
      <Button
        className={block ? 'button--block button--large' : staff ? 'button--small' : undefined}
        variant={staff ? 'secondary' : 'primary'}
        busy={open.isPending}
        onClick={() => {
          setFeedback(null);
          open.mutateAsync().then(
            (answer) => setFeedback(doorFeedback({ answer })),
            (error: unknown) => setFeedback(doorFeedback({ error })),
          );
        }}
      >
        <DoorIcon />
        {open.isPending ? t('lights.door.opening') : t('lights.door.open')}
      </Button>
      {/* always in the page, so a screen reader hears each new outcome */}
      <div role="status" aria-live="polite" className="door-action__status">
        {feedback && title && (
          <p className={`door-feedback door-feedback--${feedback.tone}`} data-testid="door-feedback">
            {feedback.tone === 'success' ? <CheckIcon /> : <AlertIcon />}
            <span>
              <strong>{t(title)}</strong>
              {feedback.text && !staff && <span className="door-feedback__text">{t(feedback.text)}</span>}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

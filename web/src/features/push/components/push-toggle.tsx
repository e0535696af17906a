import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { currentSubscription, pushSupported, subscribeDevice, unsubscribeDevice } from '../api/push-subscription.ts';

type State = 'unsupported' | 'denied' | 'off' | 'on';

/** Notifications on this device (waitlist offers, reminders, orders): on or off, per device. */
export function PushToggle() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>(pushSupported() ? 'off' : 'unsupported');
  const [sub, setSub] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  // the browser's push service can refuse (offline, blocked by the system): said, not only logged
  const [failed, setFailed] = useState<'enable' | 'disable' | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    if (Notification.permission === 'denied') setState('denied');
    currentSubscription()
      .then((found) => {
        setSub(found);
        if (found) setState('on');
      })
      // unknown: it shows off, and turning it on subscribes again
      .catch((error: unknown) => console.warn('[push] could not read this device’s notifications', error));
  }, []);

  const change = async () => {
    setBusy(true);
    setFailed(null);
    try {
      if (sub) {
        await unsubscribeDevice(sub);
        setSub(null);
        setState('off');
      } else {
        const made = await subscribeDevice();
        setSub(made);
        setState(made ? 'on' : Notification.permission === 'denied' ? 'denied' : 'off');
      }
    } catch (error) {
      console.warn('[push] could not change notifications', error);
      setFailed(sub ? 'disable' : 'enable');
    } finally {
      setBusy(false);
    }
  };

  const text = {
    unsupported: t('push.unsupported'),
    denied: t('push.denied'),
    off: t('push.off'),
    on: t('push.on'),
  }[state];
  return (
    <div className="stack" data-testid="push-toggle">
      <p className="small">
        <strong>{t('push.title')}</strong>
      </p>
      <p className="muted small">{t('push.hint')}</p>
      <p className="small" aria-live="polite">
        {text}
        {failed && ` ${failed === 'enable' ? t('push.enable_failed') : t('push.disable_failed')}`}
      </p>
      {(state === 'on' || state === 'off') && (
        <Button variant="secondary" busy={busy} onClick={() => void change()}>
          {state === 'on' ? t('push.disable') : t('push.enable')}
        </Button>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../lib/live-context.tsx';

/** "Live" with a pulsing dot while connected; "Reconnecting…" otherwise. */
export function LiveDot() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const on = status === 'connected';
  return (
    <span className={`live-dot${on ? ' live-dot--on' : ''}`} data-testid="live-dot">
      {on ? t('live.dot.on') : t('live.dot.off')}
    </span>
  );
}

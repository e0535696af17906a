import type { TDeviceState, TTableLight } from '@club/shared/devices';
import { useTranslation } from 'react-i18next';
import { BulbIcon, BulbOffIcon, WifiOffIcon } from './icons.tsx';
import '../styles/lights.css';

const ICONS: Record<TDeviceState, () => React.JSX.Element> = {
  on: BulbIcon,
  off: BulbOffIcon,
  unknown: BulbIcon,
  offline: WifiOffIcon,
};

/**
 * A table's light as its device reported it: an icon and the words, never the colour alone.
 * Nothing for a table without a light.
 */
export function LightState({
  light,
  className,
  testId,
}: {
  light: TTableLight | null | undefined;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!light) return null;
  const Icon = ICONS[light.state];
  return (
    <span
      className={`light-state light-state--${light.state}${className ? ` ${className}` : ''}`}
      data-light-state={light.state}
      data-testid={testId}
    >
      <Icon />
      <span className="light-state__text">{t(`lights.state.${light.state}`)}</span>
    </span>
  );
}

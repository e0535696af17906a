import type { TDeviceState, TTableLight } from '@club/shared/devices';
import type { TFunction } from 'i18next';
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
 * Nothing for a table without a light. In its page's `t`: the floor and the TV draw one per table.
 */
export function LightState({
  light,
  t,
  className,
  testId,
}: {
  light: TTableLight | null | undefined;
  t: TFunction;
  className?: string;
  testId?: string;
}) {
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

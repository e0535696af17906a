import { BanIcon, CheckIcon, PauseIcon, PlayIcon } from '../../../components/icons.tsx';
import type { FloorStatus } from '../lib/format.ts';

export type TableLook = FloorStatus;

const ICONS: Record<TableLook, () => React.JSX.Element> = {
  free: CheckIcon,
  playing: PlayIcon,
  paused: PauseIcon,
  closed: BanIcon,
};

/** A table status's own shape, beside its colour: no status is told by colour alone. */
export function StatusIcon({ status }: { status: TableLook }) {
  const Shape = ICONS[status];
  return <Shape />;
}

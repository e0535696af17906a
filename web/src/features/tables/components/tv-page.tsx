import { TvBoard } from '../../live/components/tv-board.tsx';

/**
 * `/tv`, the wall board: public, full screen, live from the realtime gateway's `floor`
 * room. The board itself lives with the other live screens (features/live).
 */
export function TvPage() {
  return <TvBoard />;
}

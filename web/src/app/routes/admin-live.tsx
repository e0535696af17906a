import { AdminLivePage } from '../../features/live/components/admin-live-page.tsx';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel.tsx';

/** The staff's live floor, with the waitlist beside it. */
export function AdminLiveRoute() {
  return <AdminLivePage beside={<WaitlistPanel />} />;
}

import { StaffDoorButton } from '../../features/devices/components/door-button.tsx';
import { LightControl } from '../../features/devices/components/light-control.tsx';
import { LightsOfflineAlert } from '../../features/devices/components/lights-offline-alert.tsx';
import { AdminLivePage } from '../../features/live/components/admin-live-page.tsx';
import { useLiveRoom } from '../../features/live/lib/live-context.tsx';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel.tsx';

/**
 * The staff's live floor, with the waitlist beside it, the door's button, an alert for
 * lights that stopped answering, and each table's light in its panel.
 */
export function AdminLiveRoute() {
  // the floor plan follows the same room: this reads its snapshot, it does not follow twice
  const room = useLiveRoom('admin', 'admin');
  return (
    <AdminLivePage
      beside={<WaitlistPanel />}
      actions={<StaffDoorButton />}
      above={<LightsOfflineAlert tables={room.data?.tables ?? []} />}
      panelExtra={(table) => <LightControl table={table} />}
    />
  );
}

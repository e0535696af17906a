import { ProfilePage } from '../../features/profile/components/profile-page.tsx';
import { PushToggle } from '../../features/push/components/push-toggle.tsx';

/** The profile, with this device's notifications among its settings. */
export function ProfileRoute() {
  return <ProfilePage settings={<PushToggle />} />;
}

import { UserEditPage } from '../../features/admin/components/user-edit-page.tsx';
import { UserSubscriptionsPanel } from '../../features/admin-shop/components/user-subscriptions-panel.tsx';

/** `/admin/users/{id}`: the user's account, with their prepaid hours beside it. */
export function AdminUserRoute() {
  return <UserEditPage aside={(userId) => <UserSubscriptionsPanel userId={userId} />} />;
}

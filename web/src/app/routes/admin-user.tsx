import { UserSubscriptionsPanel } from '../../features/admin-shop/components/user-subscriptions-panel.tsx';
import { UserEditPage } from '../../features/users/components/user-edit-page.tsx';

/** `/admin/users/{id}`: the user's account, with their prepaid hours beside it. */
export function AdminUserRoute() {
  return <UserEditPage aside={(userId) => <UserSubscriptionsPanel userId={userId} />} />;
}

import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { FloorPlan } from '../../features/live/components/floor-plan.tsx';

/** `/admin`: the dashboard's figures with the live floor plan beside them. */
export function AdminDashboardRoute() {
  return <DashboardPage floorPlan={<FloorPlan />} />;
}

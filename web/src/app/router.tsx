import { ROUTES } from '@club/shared/routes';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ChangePasswordPage } from '../features/auth/components/change-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RegisterPage } from '../features/auth/components/register-page.tsx';
import { ResetPasswordContinuePage } from '../features/auth/components/reset-password-continue-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { VerifyCompletePage } from '../features/auth/components/verify-complete-page.tsx';
import { VerifyPage } from '../features/auth/components/verify-page.tsx';
import { NotificationsPage } from '../features/notifications/components/notifications-page.tsx';
import { OrderHistoryPage } from '../features/orders/components/order-history-page.tsx';
import { WaitingOrdersPage } from '../features/orders/components/waiting-orders-page.tsx';
import { PaymentOverviewPage } from '../features/payments/components/payment-overview-page.tsx';
import { PaymentPhysicalPage } from '../features/payments/components/payment-physical-page.tsx';
import { PaymentResultPage } from '../features/payments/components/payment-result-page.tsx';
import { PaymentVippsPage } from '../features/payments/components/payment-vipps-page.tsx';
import { AccountPage } from '../features/profile/components/account-page.tsx';
import { ProfilePage } from '../features/profile/components/profile-page.tsx';
import { SubscriptionsPage } from '../features/profile/components/subscriptions-page.tsx';
import { CartPage } from '../features/shop/components/cart-page.tsx';
import { ShopPage } from '../features/shop/components/shop-page.tsx';
import { TablePage } from '../features/tables/components/table-page.tsx';
import { GuestOnly, RequireAdmin, RequireProfile, RequireSession } from './guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { HomePage } from './routes/home.tsx';
import { NetworkErrorPage } from './routes/network-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorBoundary } from './routes/something-happened.tsx';

/** A lazily loaded screen: its code is fetched the first time the route is visited. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const reports = () => import('../features/reports/components/report-pages.tsx');
const adminRoles = () => import('../features/admin/components/roles-pages.tsx');
const adminPricing = () => import('../features/admin/components/pricing-pages.tsx');
const adminDiscounts = () => import('../features/admin/components/discounts-page.tsx');
const adminNotifications = () => import('../features/admin/components/notifications-admin-page.tsx');
const adminOrders = () => import('../features/admin-orders/components/admin-orders-page.tsx');
const adminOrder = () => import('../features/admin-orders/components/admin-order-page.tsx');

/**
 * Every route of SPEC §2 by its name in `ROUTES`, inside the guards of SPEC §2/§6.
 * Admin and report screens (and the TV board and privacy policy) load on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: ROUTES.login, element: <LoginPage /> },
              { path: ROUTES.register, element: <RegisterPage /> },
              { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
              { path: ROUTES.resetPasswordContinue, element: <ResetPasswordContinuePage /> },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // verification: logged in, but no profile check
            element: <AuthLayout />,
            children: [
              { path: ROUTES.verify, element: <VerifyPage /> },
              { path: ROUTES.verifyComplete, element: <VerifyCompletePage /> },
            ],
          },
          {
            element: <RequireProfile />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { path: ROUTES.home, element: <HomePage /> },
                  { path: ROUTES.table, element: <TablePage /> },
                  { path: ROUTES['payment.overview'], element: <PaymentOverviewPage /> },
                  { path: ROUTES['payment.vipps'], element: <PaymentVippsPage /> },
                  { path: ROUTES['payment.physical'], element: <PaymentPhysicalPage /> },
                  { path: ROUTES['payment.result'], element: <PaymentResultPage /> },
                  { path: ROUTES.profile, element: <ProfilePage /> },
                  { path: ROUTES['profile.account'], element: <AccountPage /> },
                  { path: ROUTES['profile.orderHistory'], element: <OrderHistoryPage /> },
                  { path: ROUTES['profile.waitingOrders'], element: <WaitingOrdersPage /> },
                  { path: ROUTES['profile.subscriptions'], element: <SubscriptionsPage /> },
                  { path: ROUTES.changePassword, element: <ChangePasswordPage /> },
                  { path: ROUTES.shop, element: <ShopPage /> },
                  { path: ROUTES.cart, element: <CartPage /> },
                  { path: ROUTES.notifications, element: <NotificationsPage /> },
                  {
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: ROUTES['admin.dashboard'],
                        lazy: lazyPage(
                          () => import('./routes/admin-dashboard.tsx'),
                          (m) => m.AdminDashboardRoute,
                        ),
                      },
                      {
                        path: ROUTES['admin.users'],
                        lazy: lazyPage(
                          () => import('../features/admin/components/users-page.tsx'),
                          (m) => m.UsersPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.users.edit'],
                        lazy: lazyPage(
                          () => import('./routes/admin-user.tsx'),
                          (m) => m.AdminUserRoute,
                        ),
                      },
                      {
                        path: ROUTES['admin.tables'],
                        lazy: lazyPage(
                          () => import('../features/admin-tables/components/tables-admin-page.tsx'),
                          (m) => m.TablesAdminPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.table'],
                        lazy: lazyPage(
                          () => import('../features/admin-tables/components/table-admin-page.tsx'),
                          (m) => m.TableAdminPage,
                        ),
                      },
                      { path: ROUTES['admin.roles'], lazy: lazyPage(adminRoles, (m) => m.RolesAdminPage) },
                      { path: ROUTES['admin.role'], lazy: lazyPage(adminRoles, (m) => m.RoleAdminPage) },
                      {
                        path: ROUTES['admin.products'],
                        lazy: lazyPage(
                          () => import('../features/admin-shop/components/products-admin-page.tsx'),
                          (m) => m.ProductsAdminPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.product'],
                        lazy: lazyPage(
                          () => import('../features/admin-shop/components/product-admin-page.tsx'),
                          (m) => m.ProductAdminPage,
                        ),
                      },
                      { path: ROUTES['admin.pricing'], lazy: lazyPage(adminPricing, (m) => m.PricingAdminPage) },
                      {
                        path: ROUTES['admin.pricing.edit'],
                        lazy: lazyPage(adminPricing, (m) => m.PricingEditAdminPage),
                      },
                      {
                        path: ROUTES['admin.subscriptions'],
                        lazy: lazyPage(
                          () => import('../features/admin-shop/components/subscriptions-admin-page.tsx'),
                          (m) => m.SubscriptionsAdminPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.subscription'],
                        lazy: lazyPage(
                          () => import('../features/admin-shop/components/subscription-admin-page.tsx'),
                          (m) => m.SubscriptionAdminPage,
                        ),
                      },
                      { path: ROUTES['admin.orders'], lazy: lazyPage(adminOrders, (m) => m.AdminOrdersPage) },
                      { path: ROUTES['admin.order'], lazy: lazyPage(adminOrder, (m) => m.AdminOrderPage) },
                      { path: ROUTES['admin.discounts'], lazy: lazyPage(adminDiscounts, (m) => m.DiscountsAdminPage) },
                      {
                        path: ROUTES['admin.notifications'],
                        lazy: lazyPage(adminNotifications, (m) => m.NotificationsAdminPage),
                      },
                      { path: ROUTES['admin.reports'], lazy: lazyPage(reports, (m) => m.ReportsPage) },
                      { path: ROUTES['admin.reports.tables'], lazy: lazyPage(reports, (m) => m.TablesReportPage) },
                      { path: ROUTES['admin.reports.games'], lazy: lazyPage(reports, (m) => m.GamesReportPage) },
                      { path: ROUTES['admin.reports.kiosk'], lazy: lazyPage(reports, (m) => m.KioskReportPage) },
                      {
                        path: ROUTES['admin.reports.subscriptions'],
                        lazy: lazyPage(reports, (m) => m.SubscriptionsReportPage),
                      },
                      { path: ROUTES['admin.reports.users'], lazy: lazyPage(reports, (m) => m.UsersReportPage) },
                      { path: ROUTES['admin.reports.user'], lazy: lazyPage(reports, (m) => m.UserReportPage) },
                      {
                        path: ROUTES['admin.live'],
                        lazy: lazyPage(
                          () => import('../features/live/components/admin-live-page.tsx'),
                          (m) => m.AdminLivePage,
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: ROUTES.tv,
        lazy: lazyPage(
          () => import('../features/live/components/tv-board.tsx'),
          (m) => m.TvBoard,
        ),
      },
      {
        element: <PublicLayout />,
        children: [
          { path: ROUTES.networkError, element: <NetworkErrorPage /> },
          {
            path: ROUTES.privacy,
            lazy: lazyPage(
              () => import('./routes/privacy.tsx'),
              (m) => m.PrivacyPage,
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

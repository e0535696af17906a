import { ROUTES } from '@club/shared/routes';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadAdminTexts } from '../lib/i18n.ts';
import { GuestOnly, RequireAdmin, RequireProfile, RequireSession } from './guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { NetworkErrorPage } from './routes/network-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorBoundary } from './routes/something-happened.tsx';

/** A lazily loaded screen: its code is fetched the first time the route is visited. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** An admin screen: its code and the console's texts (not in the players' download). */
function adminPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyPage(() => Promise.all([load(), loadAdminTexts()]).then(([module]) => module), pick);
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
 * Every screen loads on demand, so a phone opening one screen fetches only that screen's
 * code (player routes ≤ 150 kB gzip JS: `npm run bench -- bundle`); the layouts, guards
 * and the pages shown when the network or a path fails stay in the entry chunk.
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
              {
                path: ROUTES.login,
                lazy: lazyPage(
                  () => import('../features/auth/components/login-page.tsx'),
                  (m) => m.LoginPage,
                ),
              },
              {
                path: ROUTES.register,
                lazy: lazyPage(
                  () => import('../features/auth/components/register-page.tsx'),
                  (m) => m.RegisterPage,
                ),
              },
              {
                path: ROUTES.resetPassword,
                lazy: lazyPage(
                  () => import('../features/auth/components/reset-password-page.tsx'),
                  (m) => m.ResetPasswordPage,
                ),
              },
              {
                path: ROUTES.resetPasswordContinue,
                lazy: lazyPage(
                  () => import('../features/auth/components/reset-password-continue-page.tsx'),
                  (m) => m.ResetPasswordContinuePage,
                ),
              },
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
              {
                path: ROUTES.verify,
                lazy: lazyPage(
                  () => import('../features/auth/components/verify-page.tsx'),
                  (m) => m.VerifyPage,
                ),
              },
              {
                path: ROUTES.verifyComplete,
                lazy: lazyPage(
                  () => import('../features/auth/components/verify-complete-page.tsx'),
                  (m) => m.VerifyCompletePage,
                ),
              },
            ],
          },
          {
            element: <RequireProfile />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  {
                    path: ROUTES.home,
                    lazy: lazyPage(
                      () => import('./routes/home.tsx'),
                      (m) => m.HomePage,
                    ),
                  },
                  {
                    path: ROUTES.table,
                    lazy: lazyPage(
                      () => import('../features/tables/components/table-page.tsx'),
                      (m) => m.TablePage,
                    ),
                  },
                  {
                    path: ROUTES['payment.overview'],
                    lazy: lazyPage(
                      () => import('../features/payments/components/payment-overview-page.tsx'),
                      (m) => m.PaymentOverviewPage,
                    ),
                  },
                  {
                    path: ROUTES['payment.vipps'],
                    lazy: lazyPage(
                      () => import('../features/payments/components/payment-vipps-page.tsx'),
                      (m) => m.PaymentVippsPage,
                    ),
                  },
                  {
                    path: ROUTES['payment.physical'],
                    lazy: lazyPage(
                      () => import('../features/payments/components/payment-physical-page.tsx'),
                      (m) => m.PaymentPhysicalPage,
                    ),
                  },
                  {
                    path: ROUTES['payment.result'],
                    lazy: lazyPage(
                      () => import('../features/payments/components/payment-result-page.tsx'),
                      (m) => m.PaymentResultPage,
                    ),
                  },
                  {
                    path: ROUTES.profile,
                    lazy: lazyPage(
                      () => import('../features/profile/components/profile-page.tsx'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: ROUTES['profile.account'],
                    lazy: lazyPage(
                      () => import('../features/profile/components/account-page.tsx'),
                      (m) => m.AccountPage,
                    ),
                  },
                  {
                    path: ROUTES['profile.orderHistory'],
                    lazy: lazyPage(
                      () => import('../features/orders/components/order-history-page.tsx'),
                      (m) => m.OrderHistoryPage,
                    ),
                  },
                  {
                    path: ROUTES['profile.waitingOrders'],
                    lazy: lazyPage(
                      () => import('../features/orders/components/waiting-orders-page.tsx'),
                      (m) => m.WaitingOrdersPage,
                    ),
                  },
                  {
                    path: ROUTES['profile.subscriptions'],
                    lazy: lazyPage(
                      () => import('../features/profile/components/subscriptions-page.tsx'),
                      (m) => m.SubscriptionsPage,
                    ),
                  },
                  {
                    path: ROUTES.changePassword,
                    lazy: lazyPage(
                      () => import('../features/auth/components/change-password-page.tsx'),
                      (m) => m.ChangePasswordPage,
                    ),
                  },
                  {
                    path: ROUTES.shop,
                    lazy: lazyPage(
                      () => import('../features/shop/components/shop-page.tsx'),
                      (m) => m.ShopPage,
                    ),
                  },
                  {
                    path: ROUTES.cart,
                    lazy: lazyPage(
                      () => import('../features/shop/components/cart-page.tsx'),
                      (m) => m.CartPage,
                    ),
                  },
                  {
                    path: ROUTES.notifications,
                    lazy: lazyPage(
                      () => import('../features/notifications/components/notifications-page.tsx'),
                      (m) => m.NotificationsPage,
                    ),
                  },
                  {
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: ROUTES['admin.dashboard'],
                        lazy: adminPage(
                          () => import('./routes/admin-dashboard.tsx'),
                          (m) => m.AdminDashboardRoute,
                        ),
                      },
                      {
                        path: ROUTES['admin.users'],
                        lazy: adminPage(
                          () => import('../features/admin/components/users-page.tsx'),
                          (m) => m.UsersPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.users.edit'],
                        lazy: adminPage(
                          () => import('./routes/admin-user.tsx'),
                          (m) => m.AdminUserRoute,
                        ),
                      },
                      {
                        path: ROUTES['admin.tables'],
                        lazy: adminPage(
                          () => import('../features/admin-tables/components/tables-admin-page.tsx'),
                          (m) => m.TablesAdminPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.table'],
                        lazy: adminPage(
                          () => import('../features/admin-tables/components/table-admin-page.tsx'),
                          (m) => m.TableAdminPage,
                        ),
                      },
                      { path: ROUTES['admin.roles'], lazy: adminPage(adminRoles, (m) => m.RolesAdminPage) },
                      { path: ROUTES['admin.role'], lazy: adminPage(adminRoles, (m) => m.RoleAdminPage) },
                      {
                        path: ROUTES['admin.products'],
                        lazy: adminPage(
                          () => import('../features/admin-shop/components/products-admin-page.tsx'),
                          (m) => m.ProductsAdminPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.product'],
                        lazy: adminPage(
                          () => import('../features/admin-shop/components/product-admin-page.tsx'),
                          (m) => m.ProductAdminPage,
                        ),
                      },
                      { path: ROUTES['admin.pricing'], lazy: adminPage(adminPricing, (m) => m.PricingAdminPage) },
                      {
                        path: ROUTES['admin.pricing.edit'],
                        lazy: adminPage(adminPricing, (m) => m.PricingEditAdminPage),
                      },
                      {
                        path: ROUTES['admin.subscriptions'],
                        lazy: adminPage(
                          () => import('../features/admin-shop/components/subscriptions-admin-page.tsx'),
                          (m) => m.SubscriptionsAdminPage,
                        ),
                      },
                      {
                        path: ROUTES['admin.subscription'],
                        lazy: adminPage(
                          () => import('../features/admin-shop/components/subscription-admin-page.tsx'),
                          (m) => m.SubscriptionAdminPage,
                        ),
                      },
                      { path: ROUTES['admin.orders'], lazy: adminPage(adminOrders, (m) => m.AdminOrdersPage) },
                      { path: ROUTES['admin.order'], lazy: adminPage(adminOrder, (m) => m.AdminOrderPage) },
                      { path: ROUTES['admin.discounts'], lazy: adminPage(adminDiscounts, (m) => m.DiscountsAdminPage) },
                      {
                        path: ROUTES['admin.notifications'],
                        lazy: adminPage(adminNotifications, (m) => m.NotificationsAdminPage),
                      },
                      { path: ROUTES['admin.reports'], lazy: adminPage(reports, (m) => m.ReportsPage) },
                      { path: ROUTES['admin.reports.tables'], lazy: adminPage(reports, (m) => m.TablesReportPage) },
                      { path: ROUTES['admin.reports.games'], lazy: adminPage(reports, (m) => m.GamesReportPage) },
                      { path: ROUTES['admin.reports.kiosk'], lazy: adminPage(reports, (m) => m.KioskReportPage) },
                      {
                        path: ROUTES['admin.reports.subscriptions'],
                        lazy: adminPage(reports, (m) => m.SubscriptionsReportPage),
                      },
                      { path: ROUTES['admin.reports.users'], lazy: adminPage(reports, (m) => m.UsersReportPage) },
                      { path: ROUTES['admin.reports.user'], lazy: adminPage(reports, (m) => m.UserReportPage) },
                      {
                        path: ROUTES['admin.live'],
                        lazy: adminPage(
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

import { ROUTES } from '@club/shared/routes';
import { createRoutesFromElements, Route } from 'react-router-dom';
import { queryClient } from '../lib/query-client.ts';
import { GuestOnly, RequireAdmin, RequireProfile, RequireSession } from './guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { adminPage, lazyPage } from './lazy-page.tsx';
import { NetworkErrorPage } from './routes/network-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

const adminRoles = () => import('../features/roles/components/roles-pages.tsx');
const adminPricing = () => import('../features/pricing/components/pricing-pages.tsx');
const adminDiscounts = () => import('../features/discounts/components/discounts-page.tsx');
const adminNotifications = () => import('../features/notifications/components/notifications-admin-page.tsx');
const adminOrders = () => import('../features/admin-orders/components/admin-orders-page.tsx');
const adminCash = () => import('../features/cash/components/cash-page.tsx');
const adminOrder = () => import('../features/admin-orders/components/admin-order-page.tsx');
const adminReservations = () => import('../features/reservations/components/admin-reservations-page.tsx');
const openingHours = () => import('../features/reservations/components/opening-hours-page.tsx');
const clubDetails = () => import('../features/club-details/components/club-details-page.tsx');
const devices = () => import('../features/devices/components/devices-page.tsx');
const accessLog = () => import('../features/devices/components/access-log-page.tsx');
// the reports' screens, each with its own figures
const tablesReport = () => import('../features/reports/components/tables-report-page.tsx');
const gamesReport = () => import('../features/reports/components/games-report-page.tsx');
const kioskReport = () => import('../features/reports/components/kiosk-report-page.tsx');
const subscriptionsReport = () => import('../features/reports/components/subscriptions-report-page.tsx');
const usersReport = () => import('../features/reports/components/users-report-page.tsx');
const userReport = () => import('../features/reports/components/user-report-page.tsx');

/**
 * Every route of SPEC §2 by its name in `ROUTES`, inside the guards of SPEC §2/§6.
 * Every screen loads on demand, so a phone opening one screen fetches only that screen's
 * code (the player routes' budget: 120 kB gzip JS, `npm run bench -- bundle`); the layouts, guards
 * and the pages shown when the network or a path fails stay in the entry chunk.
 * Declarative routes, not the data router: the app loads its data with TanStack Query,
 * and the data router's code was 17 kB gzip of every player's first download. The router
 * moves to a screen once its code is in (screen-router.tsx), so the current screen stays up
 * while the next one's code loads.
 */
export const routes = (
  <Route element={<RootLayout />}>
    <Route element={<GuestOnly />}>
      <Route element={<AuthLayout />}>
        <Route
          path={ROUTES.login}
          element={lazyPage(
            () => import('../features/auth/components/login-page.tsx'),
            (m) => m.LoginPage,
          )}
        />
        <Route
          path={ROUTES.register}
          element={lazyPage(
            () => import('../features/auth/components/register-page.tsx'),
            (m) => m.RegisterPage,
          )}
        />
        <Route
          path={ROUTES.resetPassword}
          element={lazyPage(
            () => import('../features/auth/components/reset-password-page.tsx'),
            (m) => m.ResetPasswordPage,
          )}
        />
        <Route
          path={ROUTES.resetPasswordContinue}
          element={lazyPage(
            () => import('../features/auth/components/reset-password-continue-page.tsx'),
            (m) => m.ResetPasswordContinuePage,
          )}
        />
      </Route>
    </Route>
    <Route element={<RequireSession />}>
      {/* verification: logged in, but no profile check */}
      <Route element={<AuthLayout />}>
        <Route
          path={ROUTES.verify}
          element={lazyPage(
            () => import('../features/auth/components/verify-page.tsx'),
            (m) => m.VerifyPage,
          )}
        />
        <Route
          path={ROUTES.verifyComplete}
          element={lazyPage(
            () => import('../features/auth/components/verify-complete-page.tsx'),
            (m) => m.VerifyCompletePage,
          )}
        />
      </Route>
      <Route element={<RequireProfile />}>
        <Route element={<AppLayout />}>
          <Route
            path={ROUTES.home}
            element={lazyPage(
              () => import('./routes/home.tsx'),
              (m) => m.HomePage,
              ['games', 'booking', 'waitlist', 'transfer'],
              (m) => m.homeFirstData(queryClient),
            )}
          />
          <Route
            path={ROUTES.table}
            element={lazyPage(
              () => import('../features/tables/components/table-page.tsx'),
              (m) => m.TablePage,
              ['games', 'waitlist'],
              (m, params) => m.tablePageFirstData(queryClient, Number(params.id)),
            )}
          />
          <Route
            path={ROUTES['payment.overview']}
            element={lazyPage(
              () => import('../features/payments/components/payment-overview-page.tsx'),
              (m) => m.PaymentOverviewPage,
              ['pay', 'transfer'],
            )}
          />
          <Route
            path={ROUTES['payment.vipps']}
            element={lazyPage(
              () => import('../features/payments/components/payment-vipps-page.tsx'),
              (m) => m.PaymentVippsPage,
              ['pay'],
            )}
          />
          <Route
            path={ROUTES['payment.physical']}
            element={lazyPage(
              () => import('../features/payments/components/payment-physical-page.tsx'),
              (m) => m.PaymentPhysicalPage,
              ['pay'],
            )}
          />
          <Route
            path={ROUTES['payment.result']}
            element={lazyPage(
              () => import('../features/payments/components/payment-result-page.tsx'),
              (m) => m.PaymentResultPage,
              ['pay', 'cash'],
            )}
          />
          <Route
            path={ROUTES.profile}
            element={lazyPage(
              () => import('./routes/profile.tsx'),
              (m) => m.ProfileRoute,
              ['waitlist'],
            )}
          />
          <Route
            path={ROUTES['profile.account']}
            element={lazyPage(
              () => import('../features/profile/components/account-page.tsx'),
              (m) => m.AccountPage,
            )}
          />
          <Route
            path={ROUTES['profile.orderHistory']}
            element={lazyPage(
              () => import('../features/orders/components/order-history-page.tsx'),
              (m) => m.OrderHistoryPage,
              ['pay'],
            )}
          />
          <Route
            path={ROUTES['profile.waitingOrders']}
            element={lazyPage(
              () => import('../features/orders/components/waiting-orders-page.tsx'),
              (m) => m.WaitingOrdersPage,
              ['pay', 'transfer'],
            )}
          />
          <Route
            path={ROUTES['profile.subscriptions']}
            element={lazyPage(
              () => import('../features/profile/components/subscriptions-page.tsx'),
              (m) => m.SubscriptionsPage,
              ['store'],
            )}
          />
          <Route
            path={ROUTES.changePassword}
            element={lazyPage(
              () => import('../features/auth/components/change-password-page.tsx'),
              (m) => m.ChangePasswordPage,
            )}
          />
          <Route
            path={ROUTES.shop}
            element={lazyPage(
              () => import('../features/shop/components/shop-page.tsx'),
              (m) => m.ShopPage,
              ['store'],
            )}
          />
          <Route
            path={ROUTES.cart}
            element={lazyPage(
              () => import('../features/shop/components/cart-page.tsx'),
              (m) => m.CartPage,
              ['store'],
            )}
          />
          <Route
            path={ROUTES.reservations}
            element={lazyPage(
              () => import('../features/reservations/components/reservations-page.tsx'),
              (m) => m.ReservationsPage,
              ['booking'],
            )}
          />
          <Route
            path={ROUTES.notifications}
            element={lazyPage(
              () => import('../features/notifications/components/notifications-page.tsx'),
              (m) => m.NotificationsPage,
            )}
          />
          <Route element={<RequireAdmin />}>
            <Route
              path={ROUTES['admin.dashboard']}
              element={adminPage(
                () => import('./routes/admin-dashboard.tsx'),
                (m) => m.AdminDashboardRoute,
                ['booking'],
              )}
            />
            <Route
              path={ROUTES['admin.users']}
              element={adminPage(
                () => import('../features/users/components/users-page.tsx'),
                (m) => m.UsersPage,
              )}
            />
            <Route
              path={ROUTES['admin.users.edit']}
              element={adminPage(
                () => import('./routes/admin-user.tsx'),
                (m) => m.AdminUserRoute,
                ['store'],
              )}
            />
            <Route
              path={ROUTES['admin.tables']}
              element={adminPage(
                () => import('../features/admin-tables/components/tables-admin-page.tsx'),
                (m) => m.TablesAdminPage,
                ['games', 'booking'],
              )}
            />
            <Route
              path={ROUTES['admin.table']}
              element={adminPage(
                () => import('../features/admin-tables/components/table-admin-page.tsx'),
                (m) => m.TableAdminPage,
                ['games', 'booking'],
              )}
            />
            <Route path={ROUTES['admin.roles']} element={adminPage(adminRoles, (m) => m.RolesAdminPage)} />
            <Route path={ROUTES['admin.role']} element={adminPage(adminRoles, (m) => m.RoleAdminPage)} />
            <Route
              path={ROUTES['admin.products']}
              element={adminPage(
                () => import('../features/admin-shop/components/products-admin-page.tsx'),
                (m) => m.ProductsAdminPage,
                ['store'],
              )}
            />
            <Route
              path={ROUTES['admin.product']}
              element={adminPage(
                () => import('../features/admin-shop/components/product-admin-page.tsx'),
                (m) => m.ProductAdminPage,
                ['store'],
              )}
            />
            <Route path={ROUTES['admin.pricing']} element={adminPage(adminPricing, (m) => m.PricingAdminPage)} />
            <Route
              path={ROUTES['admin.pricing.edit']}
              element={adminPage(adminPricing, (m) => m.PricingEditAdminPage)}
            />
            <Route
              path={ROUTES['admin.subscriptions']}
              element={adminPage(
                () => import('../features/admin-shop/components/subscriptions-admin-page.tsx'),
                (m) => m.SubscriptionsAdminPage,
                ['store'],
              )}
            />
            <Route
              path={ROUTES['admin.subscription']}
              element={adminPage(
                () => import('../features/admin-shop/components/subscription-admin-page.tsx'),
                (m) => m.SubscriptionAdminPage,
                ['store'],
              )}
            />
            <Route path={ROUTES['admin.orders']} element={adminPage(adminOrders, (m) => m.AdminOrdersPage, ['pay'])} />
            <Route
              path={ROUTES['admin.order']}
              element={adminPage(adminOrder, (m) => m.AdminOrderPage, ['pay', 'cash'])}
            />
            <Route path={ROUTES['admin.discounts']} element={adminPage(adminDiscounts, (m) => m.DiscountsAdminPage)} />
            <Route
              path={ROUTES['admin.counter']}
              element={adminPage(
                () => import('../features/counter/components/counter-page.tsx'),
                (m) => m.CounterPage,
                ['counter'],
              )}
            />
            <Route
              path={ROUTES['admin.reservations']}
              element={adminPage(adminReservations, (m) => m.AdminReservationsPage, ['booking'])}
            />
            <Route
              path={ROUTES['admin.openingHours']}
              element={adminPage(openingHours, (m) => m.OpeningHoursPage, ['booking'])}
            />
            <Route
              path={ROUTES['admin.notifications']}
              element={adminPage(adminNotifications, (m) => m.NotificationsAdminPage)}
            />
            <Route
              path={ROUTES['admin.reports']}
              element={adminPage(
                () => import('../features/reports/components/reports-page.tsx'),
                (m) => m.ReportsPage,
              )}
            />
            <Route path={ROUTES['admin.cash']} element={adminPage(adminCash, (m) => m.CashPage, ['cash'])} />
            <Route path={ROUTES['admin.club']} element={adminPage(clubDetails, (m) => m.ClubDetailsPage)} />
            <Route path={ROUTES['admin.devices']} element={adminPage(devices, (m) => m.DevicesPage, ['booking'])} />
            <Route path={ROUTES['admin.doorLog']} element={adminPage(accessLog, (m) => m.AccessLogPage)} />
            <Route
              path={ROUTES['admin.reports.tables']}
              element={adminPage(tablesReport, (m) => m.TablesReportPage, ['pay'])}
            />
            <Route
              path={ROUTES['admin.reports.games']}
              element={adminPage(gamesReport, (m) => m.GamesReportPage, ['pay'])}
            />
            <Route
              path={ROUTES['admin.reports.kiosk']}
              element={adminPage(kioskReport, (m) => m.KioskReportPage, ['pay'])}
            />
            <Route
              path={ROUTES['admin.reports.subscriptions']}
              element={adminPage(subscriptionsReport, (m) => m.SubscriptionsReportPage, ['pay'])}
            />
            <Route
              path={ROUTES['admin.reports.users']}
              element={adminPage(usersReport, (m) => m.UsersReportPage, ['pay'])}
            />
            <Route
              path={ROUTES['admin.reports.user']}
              element={adminPage(userReport, (m) => m.UserReportPage, ['pay'])}
            />
            <Route
              path={ROUTES['admin.live']}
              element={adminPage(
                () => import('./routes/admin-live.tsx'),
                (m) => m.AdminLiveRoute,
                ['booking', 'waitlist'],
              )}
            />
          </Route>
        </Route>
      </Route>
    </Route>
    <Route
      path={ROUTES.tv}
      element={lazyPage(
        () => import('../features/live/components/tv-board.tsx'),
        (m) => m.TvBoard,
        ['booking', 'waitlist'],
      )}
    />
    <Route element={<PublicLayout />}>
      <Route path={ROUTES.networkError} element={<NetworkErrorPage />} />
      <Route
        path={ROUTES.privacy}
        element={lazyPage(
          () => import('./routes/privacy.tsx'),
          (m) => m.PrivacyPage,
          ['privacy'],
        )}
      />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Route>
);

export const routeObjects = createRoutesFromElements(routes);

import { ROUTES } from '@club/shared/routes';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import {
  createRoutesFromElements,
  matchRoutes,
  type Params,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { loadTextGroups, type TextGroup } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { getToken } from '../lib/session.ts';
import { GuestOnly, RequireAdmin, RequireProfile, RequireSession } from './guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { NetworkErrorPage } from './routes/network-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { ScreenErrorBoundary } from './routes/something-happened.tsx';

/**
 * Starts loading a screen's code, by its route's element (see `AppRoutes`); with the route's
 * params, also the reads its first render shows (see `loadScreen`).
 */
const preloads = new WeakMap<object, (params?: Params) => Promise<void>>();

/** The reads a screen shows at once, into the query cache: see `loadScreen`. */
type FirstData<M> = (module: M, params: Params) => Promise<unknown>;

/**
 * The longest the first render waits for the screen's first reads once its code is in: a
 * slow API then shows the screen with its loading states.
 */
export const FIRST_DATA_MAX_WAIT_MS = 1_500;

export const withinFirstDataWait = (reads: Promise<unknown>): Promise<void> =>
  Promise.race([reads, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_MAX_WAIT_MS))]).then(
    () => undefined,
    () => undefined,
  );

/**
 * A lazily loaded screen: its code, and the texts only some screens use, are fetched the
 * first time the route is visited.
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  texts: TextGroup[] = [],
  firstData?: FirstData<M>,
) {
  let module: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadPage = () => {
    module ??= load();
    loading ??= Promise.all([module, texts.length ? loadTextGroups(texts) : null]).then(([m]) => {
      loaded = pick(m);
      return { default: loaded };
    });
    return loading;
  };
  const Lazy = lazy(loadPage);
  // once loaded (often already while the guards waited), the screen renders at once: React.lazy
  // would still suspend for a moment the first time, blanking the app for a frame
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  const element = <Page />;
  // a failure shows when the screen renders (the error boundary), not as an unhandled rejection here
  preloads.set(element, (params) =>
    loadPage().then(
      // the screens with first data are the player's own: without a login the guard sends to /login
      () =>
        params && firstData && module && getToken()
          ? module.then((m) => withinFirstDataWait(firstData(m, params)))
          : undefined,
      () => undefined,
    ),
  );
  return element;
}

/** An admin screen: its code and the console's texts (not in the players' download). */
function adminPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, texts: TextGroup[] = []) {
  return lazyPage(load, pick, ['admin', ...texts]);
}

const reports = () => import('../features/reports/components/report-pages.tsx');
const adminRoles = () => import('../features/roles/components/roles-pages.tsx');
const adminPricing = () => import('../features/pricing/components/pricing-pages.tsx');
const adminDiscounts = () => import('../features/discounts/components/discounts-page.tsx');
const adminNotifications = () => import('../features/notifications/components/notifications-admin-page.tsx');
const adminOrders = () => import('../features/admin-orders/components/admin-orders-page.tsx');
const adminOrder = () => import('../features/admin-orders/components/admin-order-page.tsx');

/** Lets the API client navigate (network error, login) through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
  }, [navigate]);
  return null;
}

/**
 * Every route of SPEC §2 by its name in `ROUTES`, inside the guards of SPEC §2/§6.
 * Every screen loads on demand, so a phone opening one screen fetches only that screen's
 * code (player routes ≤ 150 kB gzip JS: `npm run bench -- bundle`); the layouts, guards
 * and the pages shown when the network or a path fails stay in the entry chunk.
 * Declarative routes, not the data router: the app loads its data with TanStack Query,
 * and the data router's code was 17 kB gzip of every player's first download. The router
 * moves between screens in a transition, so the one Suspense boundary above the routes
 * keeps the current screen up while the next one's code loads.
 */
const routes = (
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
              [],
              (m) => m.homeFirstData(queryClient),
            )}
          />
          <Route
            path={ROUTES.table}
            element={lazyPage(
              () => import('../features/tables/components/table-page.tsx'),
              (m) => m.TablePage,
              [],
              (m, params) => m.tablePageFirstData(queryClient, Number(params.id)),
            )}
          />
          <Route
            path={ROUTES['payment.overview']}
            element={lazyPage(
              () => import('../features/payments/components/payment-overview-page.tsx'),
              (m) => m.PaymentOverviewPage,
              ['pay'],
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
              ['pay'],
            )}
          />
          <Route
            path={ROUTES.profile}
            element={lazyPage(
              () => import('../features/profile/components/profile-page.tsx'),
              (m) => m.ProfilePage,
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
              ['pay'],
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
              )}
            />
            <Route
              path={ROUTES['admin.table']}
              element={adminPage(
                () => import('../features/admin-tables/components/table-admin-page.tsx'),
                (m) => m.TableAdminPage,
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
            <Route path={ROUTES['admin.order']} element={adminPage(adminOrder, (m) => m.AdminOrderPage, ['pay'])} />
            <Route path={ROUTES['admin.discounts']} element={adminPage(adminDiscounts, (m) => m.DiscountsAdminPage)} />
            <Route
              path={ROUTES['admin.notifications']}
              element={adminPage(adminNotifications, (m) => m.NotificationsAdminPage)}
            />
            <Route path={ROUTES['admin.reports']} element={adminPage(reports, (m) => m.ReportsPage)} />
            <Route path={ROUTES['admin.reports.tables']} element={adminPage(reports, (m) => m.TablesReportPage)} />
            <Route path={ROUTES['admin.reports.games']} element={adminPage(reports, (m) => m.GamesReportPage)} />
            <Route path={ROUTES['admin.reports.kiosk']} element={adminPage(reports, (m) => m.KioskReportPage)} />
            <Route
              path={ROUTES['admin.reports.subscriptions']}
              element={adminPage(reports, (m) => m.SubscriptionsReportPage)}
            />
            <Route path={ROUTES['admin.reports.users']} element={adminPage(reports, (m) => m.UsersReportPage)} />
            <Route path={ROUTES['admin.reports.user']} element={adminPage(reports, (m) => m.UserReportPage)} />
            <Route
              path={ROUTES['admin.live']}
              element={adminPage(
                () => import('../features/live/components/admin-live-page.tsx'),
                (m) => m.AdminLivePage,
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

const routeObjects = createRoutesFromElements(routes);

/**
 * Loads the code (and texts) of the screen at `pathname`, and the reads its first render
 * shows (at most `FIRST_DATA_MAX_WAIT_MS`); never fails (a failure shows when the screen
 * renders). The app's first render waits for it: a screen that suspends on its first
 * render commits the empty fallback and React then holds the screen back until ~300 ms
 * after that (its throttling of revealed content), on every first visit. And a screen
 * rendered before its data renders twice: its loading state, then, when the answers come,
 * everything again in one long task (a query's update is not sliced like the first render).
 */
export function loadScreen(pathname: string): Promise<void> {
  return Promise.all(
    (matchRoutes(routeObjects, pathname) ?? []).map((match) =>
      preloads.get(match.route.element as object)?.(match.params),
    ),
  ).then(() => undefined);
}

/** The app's screens, inside a router (`BrowserRouter` in the app, `MemoryRouter` in tests). */
export function AppRoutes() {
  // the screen's code loads while the guards wait for the profile, not after them
  // (as the data router's route `lazy` did)
  const location = useLocation();
  for (const match of matchRoutes(routeObjects, location) ?? []) void preloads.get(match.route.element as object)?.();
  return (
    <>
      <NavigatorBridge />
      <ScreenErrorBoundary>
        <Suspense fallback={null}>
          <Routes>{routes}</Routes>
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}

import { pathTo } from '@club/shared/routes';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QrIcon, ReceiptIcon, ShopIcon } from '../../components/icons.tsx';
import { InTurn } from '../../components/in-turn.tsx';
import { Page, Section } from '../../components/page.tsx';
import { doorAccessQueryOptions } from '../../features/devices/api/door.ts';
import { DoorCard } from '../../features/devices/components/door-button.tsx';
import { waitingOrdersQueryOptions } from '../../features/orders/api/get-orders.ts';
import { IncomingTransfers } from '../../features/orders/components/incoming-transfers.tsx';
import { UnpaidOrdersCard } from '../../features/orders/components/unpaid-orders-card.tsx';
import { myActiveSubscriptionQueryOptions } from '../../features/profile/api/get-my-active-subscription.ts';
import { ActiveSubscriptionCard } from '../../features/profile/components/active-subscription-card.tsx';
import { activeGameQueryOptions, useActiveGameTable } from '../../features/tables/api/get-active-game.ts';
import { tablesQueryOptions, useTablesSelect } from '../../features/tables/api/get-tables.ts';
import { MyGameCard } from '../../features/tables/components/my-game-card.tsx';
import { TablesGrid } from '../../features/tables/components/tables-grid.tsx';
import { WaitlistCard } from '../../features/waitlist/components/waitlist-card.tsx';
import { useUser } from '../../lib/auth.ts';
import { prefetchFirstData } from '../../lib/first-screen.ts';
import { lineOffer } from '../../lib/free-to-sit.ts';

/** What the home page shows at once (its first render waits for it: `loadScreen`). */
export function homeFirstData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    prefetchFirstData(queryClient, activeGameQueryOptions()),
    prefetchFirstData(queryClient, myActiveSubscriptionQueryOptions()),
    prefetchFirstData(queryClient, tablesQueryOptions()),
    prefetchFirstData(queryClient, waitingOrdersQueryOptions()),
    // the door's card is there at the first render, or not at all (no layout shift)
    prefetchFirstData(queryClient, doorAccessQueryOptions()),
  ]);
}

/**
 * The player's start: the game I am in, what I owe, hours left, and every table live, to join one.
 * The page itself takes from the floor and the game only what it shows, so a table's change
 * draws that table's tile, not the page.
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const activeGame = useActiveGameTable();
  const gameTable = activeGame.data ?? null;
  const playing = gameTable !== null;
  // "scan a table to play", the waitlist and the join hint only when the person is known not to
  // play: a failed read says so on the game's card instead
  const notPlaying = activeGame.isSuccess && !playing;
  const floor = useTablesSelect(lineOffer);
  const allBusy = floor.isSuccess && floor.data.allBusy;
  const largest = floor.data?.largest ?? 0;
  return (
    <Page title={t('home.title', { name: user.name })} subtitle={t('home.subtitle')}>
      <MyGameCard />
      <DoorCard />
      <IncomingTransfers />
      <UnpaidOrdersCard />
      <InTurn>
        {notPlaying && <WaitlistCard allBusy={allBusy} largest={largest} />}
        <ActiveSubscriptionCard />
        {notPlaying && (
          <Section title={t('home.play')}>
            <div className="card card--hero">
              <div className="card__icon">
                <QrIcon />
              </div>
              <div className="card__body">
                <p className="card__value">{t('home.scan')}</p>
                <p className="muted small">{t('home.scan_text')}</p>
              </div>
            </div>
          </Section>
        )}
        <div className="quick">
          <Link to={pathTo('shop')} className="quick__item card">
            <ShopIcon />
            <span>{t('nav.shop')}</span>
          </Link>
          <Link to={pathTo('profile.waitingOrders')} className="quick__item card">
            <ReceiptIcon />
            <span>{t('orders.waiting_title')}</span>
          </Link>
        </div>
      </InTurn>
      {/* last: the grid grows when the tables arrive, and nothing below it may jump (layout shift) */}
      <InTurn>
        <Section title={t('home.tables')}>
          {notPlaying && <p className="muted small">{t('games.home.tables_hint')}</p>}
          <TablesGrid highlightTableId={gameTable ?? undefined} />
        </Section>
      </InTurn>
    </Page>
  );
}

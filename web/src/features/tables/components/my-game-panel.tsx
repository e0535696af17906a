import { pathTo } from '@club/shared/routes';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { Loading } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifyInfo, notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useMyPrices } from '../api/get-my-prices.ts';
import type { TTableWithGame } from '../api/get-table.ts';
import { useLeaveGame } from '../api/leave-game.ts';
import { useSetPaused } from '../api/set-paused.ts';
import type { BillGroup, PlayerBill } from '../lib/bill.ts';
import { BillGroupCard } from './player-bills.tsx';

// what only a player at the table uses, opened with a tap or below the bill: not in the first
// download of a phone that scans the table's QR code to join; fetched once the game shows
const loadConfirmDialog = () => import('../../../components/confirm-dialog.tsx');
const loadSwitchTableDialog = () => import('./switch-table-dialog.tsx');
const loadAddGuest = () => import('./add-guest.tsx');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));
const SwitchTableDialog = lazy(() => loadSwitchTableDialog().then((m) => ({ default: m.SwitchTableDialog })));
const AddGuest = lazy(() => loadAddGuest().then((m) => ({ default: m.AddGuest })));

/** True from the first time `open` is: a dialog then stays mounted, and closes as it always did. */
function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** Playing here: my bill (with my guests), and everything I can do. */
export function MyGame({
  table,
  group,
  gameId,
  paused,
}: {
  table: TTableWithGame;
  group: BillGroup;
  gameId: number;
  paused: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const setPaused = useSetPaused();
  const leave = useLeaveGame();
  const runSetPaused = useRunOnce(setPaused);
  const runLeave = useRunOnce(leave);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [unpaid, setUnpaid] = useState(false);
  const [letGo, setLetGo] = useState<PlayerBill | null>(null);
  const [switching, setSwitching] = useState(false);
  const guestsHere = group.guests.filter((g) => g.player.status === 'joined');
  const takenNames = (table.game?.players ?? []).filter((p) => p.status === 'joined').map((p) => p.name);
  // prepaid hours pay everything so far: leaving is not "paying"
  const prepaid = [group.host, ...group.guests].reduce((sum, g) => sum + g.bill.subscription_minutes, 0);
  const covered = group.total === 0 && prepaid > 0;
  const leaveLabel = covered ? t('games.covered.leave') : t('games.table.leave');
  // the dialogs' code is fetched once the bill is up, so that a tap opens them at once
  useEffect(() => {
    void Promise.all([loadConfirmDialog(), loadSwitchTableDialog()]).catch(() => undefined);
  }, []);
  const leaveOpened = useOpened(confirmLeave);
  const letGoOpened = useOpened(letGo !== null);
  const switchOpened = useOpened(switching);
  // kept current while I play, as the switch dialog shows them the moment it opens
  useMyPrices();

  return (
    <>
      <section className="card my-bill" aria-labelledby="my-bill-title">
        <div className="my-bill__head">
          <div>
            <h2 id="my-bill-title" className="my-bill__title">
              {t('games.table.your_bill')}
            </h2>
            <p className="muted small">{t('games.table.your_bill_hint')}</p>
          </div>
          <p className="my-bill__total money" data-testid="my-bill-total" aria-live="polite">
            {formatMoney(group.total, locale)}
          </p>
        </div>
        <BillGroupCard group={group} meId={group.host.player.id} onLetGo={setLetGo} showTotal={false} />
      </section>

      <Section title={t('games.table.actions')}>
        <div className="game-actions">
          <Button
            variant={paused ? 'primary' : 'secondary'}
            busy={setPaused.isPending}
            onClick={() =>
              runSetPaused(
                { gameId, paused: !paused },
                {
                  onSuccess: () => notifyInfo(paused ? t('games.table.unpaused_toast') : t('games.table.paused_toast')),
                },
              )
            }
          >
            {paused ? t('games.table.unpause') : t('games.table.pause')}
          </Button>
          <Button variant="secondary" onClick={() => setSwitching(true)}>
            {t('games.table.switch')}
          </Button>
          <Button variant="danger" onClick={() => setConfirmLeave(true)}>
            {leaveLabel}
          </Button>
        </div>
      </Section>

      <Suspense
        fallback={
          <Section title={t('games.table.add_guest')}>
            <Loading />
          </Section>
        }
      >
        <AddGuest gameId={gameId} takenNames={takenNames} />
      </Suspense>

      <Suspense fallback={null}>
        {leaveOpened && (
          <ConfirmDialog
            open={confirmLeave}
            title={t('games.table.leave_title')}
            confirmLabel={leaveLabel}
            busy={leave.isPending}
            onCancel={() => {
              setConfirmLeave(false);
              setUnpaid(false);
            }}
            onConfirm={() =>
              // the promise, not mutate's callbacks: this part unmounts once the table shows me gone
              runLeave(
                { game_id: gameId },
                {
                  onSuccess: ({ orderId, closing }) =>
                    // the last one out is reminded (on the next screen) to close the door
                    navigate(orderId ? pathTo('payment.overview', { id: orderId }) : pathTo('home'), {
                      state: closing ? { closing: true } : undefined,
                    }),
                  onError: (error) => {
                    // unstaffed hours: the dialog stays and says why (the guests' time is unpaid)
                    if (error instanceof ApiError && error.key === 'error.guests_time_unpaid') setUnpaid(true);
                    else setConfirmLeave(false);
                  },
                },
              )
            }
          >
            {unpaid && (
              <div className="notice notice--unpaid" role="alert" data-testid="leave-unpaid">
                <p className="notice__title">{t('lights.leave.unpaid_title')}</p>
                <p className="small">{t('lights.leave.unpaid_text')}</p>
                <Link to={pathTo('profile.waitingOrders')} className="link small">
                  {t('lights.leave.unpaid_link')}
                </Link>
              </div>
            )}
            <p>{covered ? t('games.covered.leave_text', { count: prepaid }) : t('games.table.leave_text')}</p>
            {guestsHere.length > 0 && <p>{t('games.table.leave_guests', { count: guestsHere.length })}</p>}
            <p className="leave-amount">
              <span>{t('games.table.leave_amount')}</span>
              <strong className="money" data-testid="leave-amount">
                {formatMoney(group.total, locale)}
              </strong>
            </p>
          </ConfirmDialog>
        )}
      </Suspense>

      <Suspense fallback={null}>
        {letGoOpened && (
          <ConfirmDialog
            open={letGo !== null}
            title={t('games.table.let_go_title', { name: letGo?.player.name ?? '' })}
            confirmLabel={t('games.table.let_go')}
            busy={leave.isPending}
            onCancel={() => setLetGo(null)}
            onConfirm={() => {
              if (!letGo) return;
              const name = letGo.player.name;
              runLeave(
                { game_id: gameId, player_id: letGo.player.id },
                {
                  onSuccess: () => notifySuccess(t('games.table.guest_left', { name })),
                  onSettled: () => setLetGo(null),
                },
              );
            }}
          >
            {letGo && (
              <p>
                {t('games.table.let_go_text', {
                  amount: formatMoney(
                    group.guests.find((g) => g.player.id === letGo.player.id)?.bill.total ?? 0,
                    locale,
                  ),
                })}
              </p>
            )}
          </ConfirmDialog>
        )}
      </Suspense>

      <Suspense fallback={null}>
        {switchOpened && (
          <SwitchTableDialog
            open={switching}
            gameId={gameId}
            fromTableId={table.id}
            seats={1 + guestsHere.length}
            onClose={() => setSwitching(false)}
          />
        )}
      </Suspense>
    </>
  );
}

import { ADMIN_ROOM, FLOOR_ROOM, tableRoom, userRoom } from '@club/shared/rooms';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router-dom';
import { AlertIcon, WifiOffIcon } from '../../../components/icons.tsx';
import { useProfile } from '../../../lib/auth.ts';
import { useFirstScreenSettled } from '../../../lib/first-screen.ts';
import { gameKeys } from '../../../lib/query-keys.ts';
import { dismissKickedNotice, useKickedNotice, useLive, useLiveStatus } from '../lib/live-context.tsx';
import '../../../styles/live.css';

/** A banner shows only after this long without the gateway (a quick reconnect stays silent). */
const BANNER_DELAY_MS = 800;
/** The "you were removed" notice goes away by itself after this long. */
const NOTICE_MS = 20_000;

/** Follows a room while mounted, for the cache entries other screens read. */
function useFollowRoom(room: string | null) {
  const live = useLive();
  useEffect(() => (room ? live.follow(room) : undefined), [live, room]);
}

const tableOf = (game: { table_id: number } | null | undefined) => game?.table_id ?? null;

/**
 * The table of the game the person plays, as the cache holds it (the table page reads the game;
 * this only watches that entry).
 */
function useSeatedTable(): number | null {
  return useQuery({ queryKey: gameKeys.active(), enabled: false, select: tableOf }).data ?? null;
}

/**
 * The live layer around every screen: the rooms the current screen needs (the player's
 * own room, the table on screen while they play at it or are staff, the floor on the home and table pages, the admin room on the staff
 * screens — their orders, tables and dashboard follow its events), the "reconnecting…" banner
 * and the notice a kicked player sees. They only keep screens current that show what the
 * API answered, so the connection starts once the first screen is up: a room's snapshot on
 * joining brings whatever changed before. (The wall TV's board is the floor room itself:
 * `useLiveRoom` follows at once.)
 */
export function LiveSession() {
  const settled = useFirstScreenSettled();
  // a screen outside the login's guard (the wall TV) asks for the profile only then, too
  const profile = useProfile({ enabled: settled });
  const userId = settled ? (profile.data?.id ?? null) : null;
  const onTable = useMatch('/table/:id');
  const onHome = useMatch('/');
  const onAdmin = useMatch('/admin/*');
  const tableId = Number(onTable?.params.id);
  const staff = profile.data?.is_admin === true;
  const seatedAt = useSeatedTable();
  useFollowRoom(userId !== null ? userRoom(userId) : null);
  // a table's room carries its game's bills, for its players and staff: anyone else reads who
  // plays there from the table's answer, kept current by the floor
  const hearsTable = Number.isInteger(tableId) && tableId > 0 && (staff || seatedAt === tableId);
  useFollowRoom(userId !== null && hearsTable ? tableRoom(tableId) : null);
  // the table page's switch dialog lists the floor too
  useFollowRoom(userId !== null && (onHome || onTable) ? FLOOR_ROOM : null);
  useFollowRoom(userId !== null && staff && onAdmin ? ADMIN_ROOM : null);
  return (
    <>
      <ReconnectingBanner />
      <KickedNotice />
    </>
  );
}

/** "Reconnecting…" while the socket is down (polite: it does not interrupt). */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (status !== 'reconnecting') {
      setShow(false);
      return;
    }
    const timer = setTimeout(() => setShow(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div className="live-banner-region" role="status" aria-live="polite">
      {show && (
        <p className="live-banner" data-testid="live-reconnecting">
          <WifiOffIcon />
          <span>{t('live.banner.reconnecting')}</span>
          <span className="live-banner__hint">{t('live.banner.hint')}</span>
        </p>
      )}
    </div>
  );
}

function KickedNotice() {
  const { t } = useTranslation();
  const notice = useKickedNotice();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissKickedNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  return (
    <div className="live-notice" role="alert" data-testid="live-kicked">
      <AlertIcon />
      <div className="live-notice__body">
        <p className="live-notice__title">{t('live.kicked.title')}</p>
        <p className="small">{notice.order_id === null ? t('live.kicked.text_no_order') : t('live.kicked.text')}</p>
      </div>
      <button type="button" className="button button--ghost button--small" onClick={dismissKickedNotice}>
        {t('live.kicked.dismiss')}
      </button>
    </div>
  );
}

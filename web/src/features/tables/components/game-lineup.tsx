import type { TGameLineup } from '@club/shared/tables';
import { useTranslation } from 'react-i18next';

/**
 * Who plays at a table, as anyone may see it: names, guests under their host, no bills (those
 * are the game's players' and staff's).
 */
export function GameLineup({ lineup }: { lineup: TGameLineup }) {
  const { t } = useTranslation();
  const hosts = lineup.players.filter((p) => p.guest_of === null);
  const guestsOf = (id: number) => lineup.players.filter((p) => p.guest_of === id);
  return (
    <div className="card bill-group" data-testid="game-lineup">
      <ul className="bill-group__list">
        {hosts.map((host) => (
          <li key={host.id} className="lineup-player">
            <span className="bill-player__name">{host.name}</span>
            {guestsOf(host.id).length > 0 && (
              <ul className="lineup-player__guests" aria-label={t('games.table.guests_of', { name: host.name })}>
                {guestsOf(host.id).map((guest) => (
                  <li key={guest.id} className="bill-player__name">
                    {guest.name}
                    <span className="pill">{t('games.table.guest')}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <p className="muted small">{t('games.table.bills_private')}</p>
    </div>
  );
}

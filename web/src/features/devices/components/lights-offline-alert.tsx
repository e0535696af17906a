import type { TFloorTable } from '@club/shared/realtime';
import { useTranslation } from 'react-i18next';
import { WifiOffIcon } from '../../../components/icons.tsx';

/** Tables whose light stopped answering (its Last Will, or no confirmation of a command). */
export const offlineLights = (tables: readonly TFloorTable[]) =>
  tables.filter((table) => table.light?.state === 'offline');

/**
 * The live floor's alert when a light stops answering: which tables, and what to check. The
 * lights keep their state meanwhile (fail-safe), so nothing is darkened by it.
 */
export function LightsOfflineAlert({ tables }: { tables: readonly TFloorTable[] }) {
  const { t } = useTranslation();
  const offline = offlineLights(tables);
  return (
    <div role="alert" className="lights-alert-slot">
      {offline.length > 0 && (
        <div className="lights-alert" data-testid="lights-offline">
          <WifiOffIcon />
          <div>
            <p className="lights-alert__title">{t('devices.light.offline_title', { count: offline.length })}</p>
            <p className="small">
              {t('devices.light.offline_text', { tables: offline.map((table) => table.name).join(', ') })}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

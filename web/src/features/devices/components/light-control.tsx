import { LIGHT_MODES, type TLightMode } from '@club/shared/devices';
import type { TFloorTable } from '@club/shared/realtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LightState } from '../../../components/light-state.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSetTableLight } from '../api/table-light.ts';

/**
 * A table's light in the live floor's panel: what the device reports, and the staff's
 * override (automatic, held on, held off). Darkening a table under a running game asks first.
 */
export function LightControl({ table }: { table: TFloorTable }) {
  const { t } = useTranslation();
  const set = useSetTableLight();
  const [confirmOff, setConfirmOff] = useState(false);
  const light = table.light;
  if (!light) return null;
  const inPlay = table.status !== 'free';

  function apply(mode: TLightMode, confirm = false) {
    set.mutate(
      { table_id: table.id, mode, confirm },
      {
        onSuccess: () => {
          setConfirmOff(false);
          notifySuccess(t(`devices.light.override_saved_${mode}`, { table: table.name }));
        },
        onError: (error) => {
          // a game started since the panel was drawn: ask, as for any table in play
          setConfirmOff(error instanceof ApiError && error.key === 'error.light_confirm_required');
        },
      },
    );
  }

  return (
    <section className="light-control" aria-label={t('devices.light.title')} data-testid="light-control">
      <div className="light-control__head">
        <h3 className="live-panel__subtitle">{t('devices.light.title')}</h3>
        <LightState light={light} t={t} testId="panel-light-state" />
      </div>
      <SegmentedField
        legend={t('devices.light.mode')}
        options={LIGHT_MODES}
        value={set.isPending && set.variables ? set.variables.mode : light.mode}
        label={(mode) => t(`devices.light.mode_${mode}`)}
        onChange={(mode) => {
          if (mode === light.mode || set.isPending) return;
          if (mode === 'off' && inPlay) setConfirmOff(true);
          else apply(mode);
        }}
      />
      <p className="muted small">
        {light.mode === 'auto'
          ? t('devices.light.mode_auto_hint')
          : t('devices.light.asked', { mode: t(`devices.light.mode_${light.mode}`) })}
      </p>
      <ConfirmDialog
        open={confirmOff}
        title={t('devices.light.off_title', { table: table.name })}
        confirmLabel={t('devices.light.off_confirm')}
        busy={set.isPending}
        onConfirm={() => apply('off', true)}
        onCancel={() => setConfirmOff(false)}
      >
        <p>{t('devices.light.off_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

import { DEVICE_KINDS, type TDeviceKind, ZLightDevice } from '@club/shared/devices';
import type { TTable } from '@club/shared/tables';
import type { ValidationKey } from '@club/shared/validation';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { TableIcon } from '../../../components/icons.tsx';
import { LightState } from '../../../components/light-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { serverErrors, validate } from '../../../lib/validate.ts';
import { useSaveTableLight } from '../api/save-table-light.ts';

/**
 * Admin: each table's light, a relay on the club's broker (DESIGN §14): its firmware and its
 * topic, and what it reports now. A table without a kind has no light.
 */
export function LightsTab({ tables }: { tables: TTable[] }) {
  const { t } = useTranslation();
  const hintId = useId();
  if (tables.length === 0) {
    return <EmptyState icon={<TableIcon />} title={t('devices.tab_empty')} text={t('devices.tab_empty_text')} />;
  }
  return (
    <div className="lights-tab">
      <p id={hintId} className="muted small">
        {t('devices.tab_hint')}
      </p>
      {/* its fields take the keyboard's focus, and the region scrolls to them */}
      <div className="table-scroll">
        <table className="data-table lights-table" aria-describedby={hintId} data-testid="lights-table">
          <thead>
            <tr>
              <th scope="col">{t('games.admin.field.name')}</th>
              <th scope="col">{t('devices.door.kind')}</th>
              <th scope="col">{t('devices.door.topic')}</th>
              <th scope="col">{t('devices.tab_state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('devices.tab_save')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.map((table) => (
              <LightRow key={table.id} table={table} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function LightRow({ table }: { table: TTable }) {
  const { t } = useTranslation();
  const save = useSaveTableLight();
  const [kind, setKind] = useState<TDeviceKind | ''>(table.light_device?.kind ?? '');
  const [topic, setTopic] = useState(table.light_device?.topic ?? '');
  const [error, setError] = useState<ValidationKey | null>(null);
  const ids = useId();
  const changed = kind !== (table.light_device?.kind ?? '') || topic !== (table.light_device?.topic ?? '');
  const topicLabel = `${t('devices.door.topic')} (${table.name})`;

  function onSave() {
    let light = null;
    if (kind !== '') {
      const checked = validate(ZLightDevice, { kind, topic });
      if ('errors' in checked) {
        setError(checked.errors.topic ?? 'validation.invalid');
        return;
      }
      light = checked.data;
    }
    setError(null);
    save.mutate(
      { table, light },
      {
        onSuccess: () => notifySuccess(t('devices.tab_saved', { table: table.name })),
        onError: (e) => {
          const rules = serverErrors(e);
          if (rules) setError(rules['light.topic'] ?? rules.light ?? null);
        },
      },
    );
  }

  return (
    <tr data-testid={`light-row-${table.id}`}>
      <th scope="row">{table.name}</th>
      <td>
        <select
          className="field__input"
          aria-label={`${t('devices.door.kind')} (${table.name})`}
          value={kind}
          onChange={(e) => setKind(e.target.value as TDeviceKind | '')}
        >
          <option value="">{t('devices.light.none')}</option>
          {DEVICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`devices.kind.${k}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          className="field__input"
          aria-label={topicLabel}
          value={topic}
          disabled={kind === ''}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(e) => setTopic(e.target.value)}
        />
        {error && (
          <p id={`${ids}-error`} className="field__error">
            {t(error, { field: t('devices.door.topic') })}
          </p>
        )}
      </td>
      <td>
        {table.light ? (
          <LightState light={table.light} t={t} />
        ) : (
          <span className="muted">{t('devices.light.none')}</span>
        )}
      </td>
      <td>
        <Button
          variant={changed ? 'primary' : 'secondary'}
          className="button--small"
          busy={save.isPending}
          disabled={!changed}
          aria-label={t('devices.tab_save_named', { table: table.name })}
          onClick={onSave}
        >
          {t('devices.tab_save')}
        </Button>
      </td>
    </tr>
  );
}

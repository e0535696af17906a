import { DEVICE_KINDS, type TDeviceSettings, type TDevicesStatus, ZDeviceSettings } from '@club/shared/devices';
import type { TDayHours } from '@club/shared/opening-hours';
import { pathTo } from '@club/shared/routes';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CheckField, SelectField } from '../../../components/fields.tsx';
import { Button, TextField } from '../../../components/form.tsx';
import { AlertIcon, CheckIcon, ClockIcon, DoorIcon, WifiOffIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { useForm } from '../../../lib/form.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeviceSettings, useSaveDeviceSettings } from '../api/device-settings.ts';
import { StaffDoorButton } from './door-button.tsx';
import { UnstaffedWeek } from './unstaffed-week.tsx';
import '../devices.css';
import '../../../styles/reservations.css';

/**
 * `/admin/devices` ("Enheter"): how the club's broker and door relay are now, the door relay,
 * how the table lights follow play, who may open the door when, and the unstaffed hours.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const view = useDeviceSettings();
  return (
    <Page title={t('lights.nav.devices')} subtitle={t('devices.subtitle')} wide>
      {view.isPending ? (
        <Loading />
      ) : view.isError ? (
        <ErrorState onRetry={() => void view.refetch()} />
      ) : (
        <>
          <StatusPanel status={view.data.status} />
          <DevicesForm key={JSON.stringify(view.data.settings)} saved={view.data.settings} />
        </>
      )}
    </Page>
  );
}

type Tone = 'ok' | 'warn' | 'off';
/** The broker's state in words: its name and what it means for the lights and the door. */
const BROKER_TEXT = {
  not_configured: ['devices.broker.not_configured', 'devices.broker.not_configured_text'],
  connecting: ['devices.broker.connecting', 'devices.broker.connecting_text'],
  disconnected: ['devices.broker.disconnected', 'devices.broker.disconnected_text'],
  simulated: ['devices.broker.simulated', 'devices.broker.simulated_text'],
  connected: ['devices.broker.connected', 'devices.broker.connected_text'],
} as const satisfies Record<string, readonly [TextKey, TextKey]>;

function brokerLook(status: TDevicesStatus): { tone: Tone; icon: ReactNode; key: keyof typeof BROKER_TEXT } {
  if (status.broker === 'off') return { tone: 'off', icon: <WifiOffIcon />, key: 'not_configured' };
  if (status.broker === 'connecting') return { tone: 'warn', icon: <ClockIcon />, key: 'connecting' };
  if (status.broker === 'disconnected') return { tone: 'warn', icon: <AlertIcon />, key: 'disconnected' };
  return { tone: 'ok', icon: <CheckIcon />, key: status.simulator ? 'simulated' : 'connected' };
}

function StatusPanel({ status }: { status: TDevicesStatus }) {
  const { t } = useTranslation();
  const broker = brokerLook(status);
  const door =
    status.door === null
      ? t('devices.door.kind_none')
      : status.door === 'offline'
        ? t('devices.broker.door_offline')
        : status.door === 'unknown'
          ? t('devices.broker.door_unknown')
          : t('devices.broker.door_online');
  return (
    <Section title={t('devices.broker.title')}>
      <div className="card devices-status" data-testid="broker-status">
        <div className={`devices-status__broker devices-status__broker--${broker.tone}`}>
          {broker.icon}
          <div>
            <p className="devices-status__state" data-broker={status.broker}>
              {t(BROKER_TEXT[broker.key][0])}
            </p>
            <p className="muted small">{t(BROKER_TEXT[broker.key][1])}</p>
          </div>
        </div>
        <dl className="facts devices-status__facts">
          <div>
            <dt>{t('devices.broker.door_state')}</dt>
            <dd>{door}</dd>
          </div>
          <div>
            <dt>{t('devices.access.unstaffed')}</dt>
            <dd>{status.unstaffed_now ? t('devices.broker.unstaffed_now') : t('devices.broker.staffed_now')}</dd>
          </div>
        </dl>
        <div className="devices-status__door">
          <StaffDoorButton />
        </div>
      </div>
    </Section>
  );
}

type Values = {
  door_kind: string;
  door_topic: string;
  door_pulse: string;
  lights_on_before_booking_minutes: string;
  lights_off_after_minutes: string;
  door_members_always: boolean;
};

const valuesOf = (s: TDeviceSettings): Values => ({
  door_kind: s.door?.kind ?? '',
  door_topic: s.door?.topic ?? '',
  door_pulse: String(s.door?.pulse_seconds ?? 3),
  lights_on_before_booking_minutes: String(s.lights_on_before_booking_minutes),
  lights_off_after_minutes: String(s.lights_off_after_minutes),
  door_members_always: s.door_members_always,
});

const numberOr = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The schema's errors name nested paths (`door.topic`): the form's flat fields, by path. */
const FIELD_OF: Record<string, keyof Values> = {
  'door.kind': 'door_kind',
  'door.topic': 'door_topic',
  'door.pulse_seconds': 'door_pulse',
};

function DevicesForm({ saved }: { saved: TDeviceSettings }) {
  const { t } = useTranslation();
  const save = useSaveDeviceSettings();
  const [week, setWeek] = useState<TDayHours[]>(saved.unstaffed_hours);
  const prepare = (v: Values) => ({
    door: v.door_kind === '' ? null : { kind: v.door_kind, topic: v.door_topic, pulse_seconds: numberOr(v.door_pulse) },
    lights_on_before_booking_minutes: numberOr(v.lights_on_before_booking_minutes),
    lights_off_after_minutes: numberOr(v.lights_off_after_minutes),
    door_members_always: v.door_members_always,
    unstaffed_hours: week,
  });
  const labels: Record<keyof Values, string> = {
    door_kind: t('devices.door.kind'),
    door_topic: t('devices.door.topic'),
    door_pulse: t('devices.door.pulse'),
    lights_on_before_booking_minutes: t('devices.lights.on_before'),
    lights_off_after_minutes: t('devices.lights.off_after'),
    door_members_always: t('devices.access.members_always'),
  };
  const form = useForm(ZDeviceSettings, valuesOf(saved), {
    prepare,
    label: (name) => labels[(FIELD_OF[name] ?? name) as keyof Values] ?? name,
  });
  const { values, set, field } = form;
  // a nested path's error shown on its flat field
  const errorAt = (name: keyof Values) =>
    form.errorOf(name) ??
    Object.entries(FIELD_OF)
      .filter(([, flat]) => flat === name)
      .map(([path]) => form.errors[path] && t(form.errors[path], { field: labels[name] }))
      .find(Boolean);
  const unstaffedError = Object.entries(form.errors).find(([path]) => path.startsWith('unstaffed_hours'))?.[1];
  const changed =
    JSON.stringify(valuesOf(saved)) !== JSON.stringify(values) ||
    JSON.stringify(saved.unstaffed_hours) !== JSON.stringify(week);

  return (
    <form
      ref={form.formRef}
      className="devices-form"
      noValidate
      onSubmit={form.handleSubmit((data) =>
        save.mutate(data, { onSuccess: () => notifySuccess(t('devices.saved')), onError: form.applyServerError }),
      )}
    >
      <Section title={t('devices.door.title')}>
        <div className="card form">
          <SelectField
            name="door_kind"
            label={labels.door_kind}
            value={values.door_kind}
            onChange={(kind) => set('door_kind', kind)}
            required={false}
            options={[
              { value: '', label: t('devices.door.kind_none') },
              ...DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`devices.kind.${kind}`) })),
            ]}
          />
          {values.door_kind !== '' && (
            <div className="form__grid">
              <TextField
                {...field('door_topic')}
                label={labels.door_topic}
                error={errorAt('door_topic')}
                hint={t('devices.door.topic_hint')}
                autoComplete="off"
              />
              <TextField
                {...field('door_pulse')}
                label={labels.door_pulse}
                error={errorAt('door_pulse')}
                hint={t('devices.door.pulse_hint')}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
          )}
          <CheckField
            name="door_members_always"
            label={labels.door_members_always}
            hint={t('devices.access.members_always_hint')}
            checked={values.door_members_always}
            onChange={(on) => set('door_members_always', on)}
          />
          <Link to={pathTo('admin.doorLog')} className="link small">
            <DoorIcon /> {t('devices.access.log_link')}
          </Link>
        </div>
      </Section>

      <Section title={t('devices.lights.title')}>
        <div className="card form">
          <div className="form__grid">
            <TextField
              {...field('lights_on_before_booking_minutes')}
              label={labels.lights_on_before_booking_minutes}
              hint={t('devices.lights.on_before_hint')}
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField
              {...field('lights_off_after_minutes')}
              label={labels.lights_off_after_minutes}
              hint={t('devices.lights.off_after_hint')}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <p className="muted small">
            {t('devices.lights.per_table')}{' '}
            <Link to={`${pathTo('admin.tables')}?tab=lights`} className="link">
              {t('devices.lights.per_table_link')}
            </Link>
          </p>
        </div>
      </Section>

      <Section title={t('devices.access.title')}>
        <div className="card form">
          <UnstaffedWeek week={week} onChange={setWeek} />
          {unstaffedError && (
            <p className="field__error" role="alert">
              {t(unstaffedError, { field: t('devices.access.unstaffed') })}
            </p>
          )}
        </div>
      </Section>

      <div className="devices-form__actions">
        {changed && <p className="notice small">{t('devices.unsaved')}</p>}
        <Button type="submit" busy={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

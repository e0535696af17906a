import { NOTIFICATION_AUDIENCES, type TNotificationAdmin, ZNotificationBody } from '@club/shared/notifications';
import type { TRole } from '@club/shared/users';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableListPage } from '../../../components/admin-list.tsx';
import { Button } from '../../../components/form.tsx';
import { MegaphoneIcon } from '../../../components/icons.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useAdminNotifications } from '../api/get-admin-notifications.ts';
import { useRoles } from '../api/get-roles.ts';
import { useSaveNotification } from '../api/save-notification.ts';
import { formatDateTimeShort, fromLocalInput, toLocalInput } from '../lib/format.ts';
import { type Errors, focusFirstError, serverErrors, validate } from '../lib/validate.ts';
import { ErrorNote } from './error-note.tsx';
import { InputField, SelectField, TextAreaField } from './fields.tsx';
import { UserPicker } from './user-picker.tsx';
import '../../../styles/admin.css';

type Audience = (typeof NOTIFICATION_AUDIENCES)[number];

interface Draft {
  message: string;
  link_text: string;
  url: string;
  audience: Audience;
  role_id: string;
  user_id: number | null;
  starts_at: string;
  ends_at: string;
}

const draftOf = (n: TNotificationAdmin | null): Draft => ({
  message: n?.message ?? '',
  link_text: n?.link_text ?? '',
  url: n?.url ?? '',
  audience: n?.audience ?? 'all',
  role_id: n?.role_id ? String(n.role_id) : '',
  user_id: n?.user_id ?? null,
  starts_at: toLocalInput(n?.starts_at ?? null),
  ends_at: toLocalInput(n?.ends_at ?? null),
});

function NotificationForm({
  notification,
  roles,
  onDone,
}: {
  notification: TNotificationAdmin | null;
  roles: TRole[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveNotification();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(notification));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const words = (name: string, label: string) => (errors[name] ? t(errors[name], { field: label }) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ZNotificationBody, {
      message: draft.message,
      link_text: draft.link_text.trim() || null,
      url: draft.url.trim() || null,
      audience: draft.audience,
      role_id: draft.audience === 'role' && draft.role_id ? Number(draft.role_id) : null,
      user_id: draft.audience === 'user' ? draft.user_id : null,
      starts_at: fromLocalInput(draft.starts_at),
      ends_at: fromLocalInput(draft.ends_at),
    });
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirstError(formRef.current, result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: notification?.id ?? null, body: result.data },
      {
        onSuccess: () => {
          notifySuccess(notification ? t('success.saved') : t('adminConsole.notifications.sent'));
          onDone();
        },
        onError: (error) => {
          const fields = serverErrors(error);
          if (fields) {
            setErrors(fields);
            focusFirstError(formRef.current, fields);
          }
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="notification-form-title">
      <h2 id="notification-form-title" className="card-title">
        {notification ? t('adminConsole.notifications.edit_title') : t('adminConsole.notifications.new')}
      </h2>
      <form ref={formRef} className="form" noValidate onSubmit={submit}>
        <TextAreaField
          name="message"
          label={t('adminConsole.notifications.message')}
          value={draft.message}
          onChange={(v) => set('message', v)}
          error={errors.message}
          maxLength={1000}
        />
        <div className="form__grid">
          <InputField
            name="link_text"
            label={t('adminConsole.notifications.link_text')}
            value={draft.link_text}
            onChange={(v) => set('link_text', v)}
            error={errors.link_text}
            required={false}
            placeholder={t('adminConsole.notifications.link_text_placeholder')}
          />
          <InputField
            name="url"
            type="url"
            inputMode="url"
            label={t('adminConsole.notifications.url')}
            value={draft.url}
            onChange={(v) => set('url', v)}
            error={errors.url}
            required={false}
            placeholder="/shop"
            hint={t('adminConsole.notifications.url_hint')}
          />
        </div>
        <fieldset className="segmented">
          <legend className="segmented__legend">{t('adminConsole.notifications.audience')}</legend>
          {NOTIFICATION_AUDIENCES.map((a) => (
            <button
              key={a}
              type="button"
              className="segmented__option"
              aria-pressed={draft.audience === a}
              onClick={() => set('audience', a)}
            >
              {t(`adminConsole.notifications.audience_${a}`)}
            </button>
          ))}
        </fieldset>
        {draft.audience === 'role' && (
          <SelectField
            name="role_id"
            label={t('adminConsole.notifications.role')}
            value={draft.role_id}
            onChange={(v) => set('role_id', v)}
            options={[
              { value: '', label: t('adminConsole.notifications.choose_role') },
              ...roles.map((r) => ({ value: String(r.id), label: r.name })),
            ]}
            error={errors.role_id}
          />
        )}
        {draft.audience === 'user' && (
          <UserPicker
            label={t('adminConsole.notifications.user')}
            value={draft.user_id}
            onChange={(id) => set('user_id', id)}
            error={words('user_id', t('adminConsole.notifications.user'))}
          />
        )}
        <div className="form__grid">
          <InputField
            name="starts_at"
            type="datetime-local"
            label={t('adminConsole.notifications.starts_at')}
            value={draft.starts_at}
            onChange={(v) => set('starts_at', v)}
            error={errors.starts_at}
            required={false}
            hint={t('adminConsole.notifications.starts_hint')}
          />
          <InputField
            name="ends_at"
            type="datetime-local"
            label={t('adminConsole.notifications.ends_at')}
            value={draft.ends_at}
            onChange={(v) => set('ends_at', v)}
            error={errors.ends_at}
            required={false}
            hint={t('adminConsole.notifications.ends_hint')}
          />
        </div>
        <ErrorNote error={serverErrors(save.error) ? null : save.error} />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            {notification ? t('common.save') : t('adminConsole.notifications.send')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function audienceText(
  n: TNotificationAdmin,
  roles: TRole[] | undefined,
  t: (k: string, o?: Record<string, unknown>) => string,
) {
  if (n.audience === 'role') {
    const name = roles?.find((r) => r.id === n.role_id)?.name ?? t('adminConsole.roles.number', { id: n.role_id });
    return t('adminConsole.notifications.to_role', { name });
  }
  if (n.audience === 'user') return t('adminConsole.notifications.to_user', { id: n.user_id });
  return t('adminConsole.notifications.to_all');
}

/** `/admin/notifications`: what was sent, to whom, how many read it; send, edit, delete. */
export function NotificationsAdminPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = useAdminNotifications();
  const roles = useRoles();
  const remove = useDeleteNotification();
  const now = Date.now();

  return (
    <EditableListPage<TNotificationAdmin>
      title={t('admin.notifications.title')}
      subtitle={t('admin.notifications.subtitle')}
      newLabel={t('adminConsole.notifications.new')}
      empty={{
        icon: <MegaphoneIcon />,
        title: t('admin.notifications.empty'),
        text: t('admin.notifications.empty_text'),
      }}
      query={list}
      form={(notification, done) => (
        <NotificationForm notification={notification} roles={roles.data ?? []} onDone={done} />
      )}
      itemClassName="card list-card list-card--top"
      item={(n) => {
        const upcoming = n.starts_at !== null && Date.parse(n.starts_at) > now;
        const ended = n.ends_at !== null && Date.parse(n.ends_at) <= now;
        return (
          <div className="list-card__main">
            <p className="notification-admin__message">{n.message}</p>
            {n.url && (
              <p className="small">
                <span className="muted">{n.link_text || t('adminConsole.notifications.link')}: </span>
                <span className="mono">{n.url}</span>
              </p>
            )}
            <p className="muted small">
              {audienceText(n, roles.data, t)} · {formatDateTimeShort(n.created_at, locale)}
              {n.starts_at &&
                ` · ${t('adminConsole.notifications.from', { time: formatDateTimeShort(n.starts_at, locale) })}`}
              {n.ends_at &&
                ` · ${t('adminConsole.notifications.until', { time: formatDateTimeShort(n.ends_at, locale) })}`}
            </p>
            <p className="tags">
              <span className={ended ? 'pill' : upcoming ? 'pill pill--paused' : 'pill pill--active'}>
                {ended
                  ? t('adminConsole.notifications.ended')
                  : upcoming
                    ? t('adminConsole.notifications.scheduled')
                    : t('adminConsole.notifications.showing')}
              </span>
              <span className="pill">{t('adminConsole.notifications.read_count', { count: n.read_count })}</span>
            </p>
          </div>
        );
      }}
      editLabel={(n) => t('adminConsole.notifications.edit_named', { id: n.id })}
      deleteLabel={(n) => t('adminConsole.notifications.delete_named', { id: n.id })}
      deletion={{
        remove,
        title: () => t('adminConsole.notifications.delete_title'),
        text: (n) => (
          <>
            <p>{t('adminConsole.notifications.delete_text')}</p>
            <blockquote className="quote">{n.message}</blockquote>
          </>
        ),
        deleted: () => t('adminConsole.notifications.deleted'),
      }}
    />
  );
}

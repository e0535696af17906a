import { NOTIFICATION_AUDIENCES, type TNotificationAdmin, ZNotificationBody } from '@club/shared/notifications';
import type { TRole } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../../../api/get-roles.ts';
import { EditableListPage } from '../../../components/admin-list.tsx';
import { DraftFormCard, useDraft } from '../../../components/draft-form.tsx';
import { InputField, SelectField, TextAreaField } from '../../../components/fields.tsx';
import { MegaphoneIcon } from '../../../components/icons.tsx';
import { Pager, usePageParam } from '../../../components/pager.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { ErrorState, type Loadable } from '../../../components/states.tsx';
import { UserPicker } from '../../../components/user-picker.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/input-values.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useAdminNotifications } from '../api/get-admin-notifications.ts';
import { useSaveNotification } from '../api/save-notification.ts';
import '../../../styles/admin.css';
import type { TextKey } from '../../../lib/text-keys.ts';

/** Who a notice is for, in words. */
const AUDIENCE_TEXT = {
  all: 'adminConsole.notifications.audience_all',
  role: 'adminConsole.notifications.audience_role',
  user: 'adminConsole.notifications.audience_user',
} as const satisfies Record<Audience, TextKey>;

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
  roles: Loadable<TRole[]>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveNotification();
  const { formRef, draft, set, errors, check, onSaveError, field } = useDraft(() => draftOf(notification));
  const words = (name: string, label: string) => (errors[name] ? t(errors[name], { field: label }) : undefined);

  function submit() {
    const body = check(ZNotificationBody, {
      message: draft.message,
      link_text: draft.link_text.trim() || null,
      url: draft.url.trim() || null,
      audience: draft.audience,
      role_id: draft.audience === 'role' && draft.role_id ? Number(draft.role_id) : null,
      user_id: draft.audience === 'user' ? draft.user_id : null,
      starts_at: fromLocalInput(draft.starts_at),
      ends_at: fromLocalInput(draft.ends_at),
    });
    if (!body) return;
    save.mutate(
      { id: notification?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(notification ? t('success.saved') : t('adminConsole.notifications.sent'));
          onDone();
        },
        onError: onSaveError,
      },
    );
  }

  return (
    <DraftFormCard
      titleId="notification-form-title"
      title={notification ? t('adminConsole.notifications.edit_title') : t('adminConsole.notifications.new')}
      formRef={formRef}
      onSubmit={submit}
      saveError={save.error}
      busy={save.isPending}
      submitLabel={notification ? t('common.save') : t('adminConsole.notifications.send')}
      onCancel={onDone}
    >
      <TextAreaField {...field('message')} label={t('adminConsole.notifications.message')} maxLength={1000} />
      <div className="form__grid">
        <InputField
          {...field('link_text')}
          label={t('adminConsole.notifications.link_text')}
          required={false}
          placeholder={t('adminConsole.notifications.link_text_placeholder')}
        />
        <InputField
          {...field('url')}
          type="url"
          inputMode="url"
          label={t('adminConsole.notifications.url')}
          required={false}
          placeholder="/shop"
          hint={t('adminConsole.notifications.url_hint')}
        />
      </div>
      <SegmentedField
        legend={t('adminConsole.notifications.audience')}
        options={NOTIFICATION_AUDIENCES}
        value={draft.audience}
        onChange={(a) => set('audience', a)}
        label={(a) => t(AUDIENCE_TEXT[a])}
      />
      {/* with only "Choose a role" in the list, a notice's role would show as none chosen */}
      {draft.audience === 'role' &&
        (roles.isError && !roles.data ? (
          <ErrorState text={t('adminConsole.notifications.roles_load_failed')} onRetry={() => void roles.refetch()} />
        ) : (
          <SelectField
            {...field('role_id')}
            label={t('adminConsole.notifications.role')}
            options={[
              {
                value: '',
                label: roles.isPending ? t('common.loading') : t('adminConsole.notifications.choose_role'),
              },
              ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
            ]}
          />
        ))}
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
          {...field('starts_at')}
          type="datetime-local"
          label={t('adminConsole.notifications.starts_at')}
          required={false}
          hint={t('adminConsole.notifications.starts_hint')}
        />
        <InputField
          {...field('ends_at')}
          type="datetime-local"
          label={t('adminConsole.notifications.ends_at')}
          required={false}
          hint={t('adminConsole.notifications.ends_hint')}
        />
      </div>
    </DraftFormCard>
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

/** One notice in the list: what it says, where it links, to whom, when, and how many read it. */
function NoticeRow({ n, roles, now }: { n: TNotificationAdmin; roles: TRole[] | undefined; now: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
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
        {audienceText(n, roles, t)} · {formatDateTime(n.created_at, locale)}
        {n.starts_at && ` · ${t('adminConsole.notifications.from', { time: formatDateTime(n.starts_at, locale) })}`}
        {n.ends_at && ` · ${t('adminConsole.notifications.until', { time: formatDateTime(n.ends_at, locale) })}`}
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
}

/**
 * `/admin/notifications`: what was sent, to whom, how many read it, newest first, a page at a
 * time (`?page=`): each person's reminders and alerts are in the list too, and it grows daily.
 * Send, edit, delete in place.
 */
export function NotificationsAdminPage() {
  const { t } = useTranslation();
  const [page, goTo] = usePageParam();
  const list = useAdminNotifications(page);
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
      pager={list.data && <Pager page={page} answer={list.data} onPage={goTo} />}
      busy={list.isFetching}
      form={(notification, done) => <NotificationForm notification={notification} roles={roles} onDone={done} />}
      itemClassName="card list-card list-card--top"
      item={(n) => <NoticeRow n={n} roles={roles.data} now={now} />}
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

import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { notifySuccess } from '../lib/toast.ts';
import { useRunOnce } from '../lib/use-run-once.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './form.tsx';
import { ChevronRightIcon, TrashIcon } from './icons.tsx';
import { Page } from './page.tsx';
import { EmptyState, type Loadable, QueryStates } from './states.tsx';

/** A row's delete button: only an icon, so its label names what it deletes. */
export function DeleteIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" className="button--icon button--danger-hover" aria-label={label} onClick={onClick}>
      <TrashIcon />
    </Button>
  );
}

/** A row's link to its own page: only a chevron, so its label names what it opens. */
export function OpenLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="button button--icon button--ghost" aria-label={label}>
      <ChevronRightIcon />
    </Link>
  );
}

/**
 * A create form opened in place above a list: the small "new" button (gone while the form is
 * open), the form's Cancel, and the empty list's own "new" button (the empty state hides while
 * the form is open).
 */
export function useCreateInPlace(newLabel: string) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const open = () => setCreating(true);
  const close = () => setCreating(false);
  return {
    creating,
    close,
    newButton: !creating && (
      <Button className="button--small" onClick={open}>
        {newLabel}
      </Button>
    ),
    cancelButton: (
      <Button variant="ghost" onClick={close}>
        {t('common.cancel')}
      </Button>
    ),
    empty: (icon: ReactNode, title: string, text: string) =>
      !creating && (
        <EmptyState icon={icon} title={title} text={text} action={<Button onClick={open}>{newLabel}</Button>} />
      ),
  };
}

/** Opens a create form in place, and closes it again (the same button says Cancel then). */
export function CreateToggle({ open, label, onToggle }: { open: boolean; label: string; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant={open ? 'secondary' : 'primary'} onClick={onToggle} aria-expanded={open}>
      {open ? t('common.cancel') : label}
    </Button>
  );
}

/** The part of a delete mutation the confirmation drives. */
interface Remove {
  mutateAsync(id: number): Promise<unknown>;
  isPending: boolean;
  error: unknown;
  reset(): void;
}

/**
 * Deletes one item after asking. Without `errorNote` the dialog closes however the call ends;
 * with it a refusal stays in the dialog, in words, until it is cancelled.
 */
export function useDeleteConfirm<T extends { id: number }>({
  remove,
  title,
  text,
  deleted,
  onDeleted,
  errorNote,
}: {
  remove: Remove;
  title: (item: T) => string;
  text: (item: T) => ReactNode;
  /** the toast after it is gone */
  deleted: (item: T) => string;
  onDeleted?: (item: T) => void;
  errorNote?: (error: unknown) => ReactNode;
}) {
  const { t } = useTranslation();
  const [doomed, setDoomed] = useState<T | null>(null);
  // the title stays while the dialog closes
  const [last, setLast] = useState<T | null>(null);
  // a double tap on Delete deletes once: the second call's "not found" would otherwise replace
  // the first's success, and the screen stayed on what was gone
  const removeOnce = useRunOnce(remove);
  const ask = (item: T) => {
    setLast(item);
    setDoomed(item);
  };
  const dialog = (
    <ConfirmDialog
      open={doomed !== null}
      title={last ? title(last) : ''}
      confirmLabel={t('common.delete')}
      busy={remove.isPending}
      onCancel={() => {
        setDoomed(null);
        if (errorNote) remove.reset();
      }}
      onConfirm={() => {
        if (!doomed) return;
        const item = doomed;
        removeOnce(item.id, {
          onSuccess: () => {
            notifySuccess(deleted(item));
            setDoomed(null);
            onDeleted?.(item);
          },
          // without a note to show a refusal in, the dialog closes whatever the answer
          ...(errorNote ? {} : { onSettled: () => setDoomed(null) }),
        });
      }}
    >
      {/* without a note, nothing in the body once closed (ConfirmDialog then leaves the body out) */}
      {errorNote ? (
        <>
          {doomed && text(doomed)}
          {errorNote(remove.error)}
        </>
      ) : (
        doomed && text(doomed)
      )}
    </ConfirmDialog>
  );
  return { ask, dialog };
}

/**
 * An admin screen of items edited in place: a "new" button, the form above the list (new or
 * the item being edited), each row with Edit and Delete, and the delete confirmation. A list read
 * a page at a time gives its paged answer (`{ data, total }`) and its pager.
 */
export function EditableListPage<T extends { id: number }>({
  title,
  subtitle,
  newLabel,
  newAriaExpanded,
  empty,
  query,
  form,
  itemClassName,
  item,
  editLabel,
  deleteLabel,
  deletion,
  pager,
  busy,
}: {
  title: string;
  subtitle: string;
  newLabel: string;
  newAriaExpanded?: boolean;
  empty: { icon: ReactNode; title: string; text: string };
  query: Loadable<T[] | { data: T[] }>;
  /** the form for a new item (null) or for one being edited; `done` closes it */
  form: (editing: T | null, done: () => void) => ReactNode;
  itemClassName: string;
  /** a row's content before its Edit and Delete buttons */
  item: (item: T) => ReactNode;
  editLabel: (item: T) => string;
  deleteLabel: (item: T) => string;
  deletion: Omit<Parameters<typeof useDeleteConfirm<T>>[0], 'onDeleted' | 'errorNote'>;
  /** under the rows and only with them: a page past the last, empty, has its pager take it to the last */
  pager?: ReactNode;
  /** the rows shown are an earlier page's while the page asked for is read */
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const { ask, dialog } = useDeleteConfirm<T>({
    ...deletion,
    onDeleted: (gone) => setEditing((e) => (e !== null && e !== 'new' && e.id === gone.id ? null : e)),
  });
  const startNew = () => setEditing('new');

  return (
    <Page
      title={title}
      subtitle={subtitle}
      wide
      actions={
        editing === null && (
          <Button onClick={startNew} aria-expanded={newAriaExpanded}>
            {newLabel}
          </Button>
        )
      }
    >
      {editing !== null && (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {form(editing === 'new' ? null : editing, () => setEditing(null))}
        </Fragment>
      )}
      <QueryStates
        query={query}
        empty={
          editing === null && (
            <EmptyState
              icon={empty.icon}
              title={empty.title}
              text={empty.text}
              action={<Button onClick={startNew}>{newLabel}</Button>}
            />
          )
        }
      >
        {(found) => (
          <>
            <ul className="list" aria-busy={busy || undefined}>
              {(Array.isArray(found) ? found : found.data).map((one) => (
                <li key={one.id} className={itemClassName}>
                  {item(one)}
                  <div className="list-card__actions">
                    <Button
                      variant="secondary"
                      className="button--small"
                      onClick={() => {
                        setEditing(one);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                      aria-label={editLabel(one)}
                    >
                      {t('adminConsole.common.edit')}
                    </Button>
                    <DeleteIconButton label={deleteLabel(one)} onClick={() => ask(one)} />
                  </div>
                </li>
              ))}
            </ul>
            {pager}
          </>
        )}
      </QueryStates>
      {dialog}
    </Page>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './icons.tsx';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** A screen or a part of one waiting for its data. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state--loading" aria-busy="true">
      <Spinner label={label ?? t('common.loading')} />
      <p className="state__text" aria-hidden="true">
        {label ?? t('common.loading')}
      </p>
    </div>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="state state--empty">
      {icon && <div className="state__icon">{icon}</div>}
      <p className="state__title">{title}</p>
      {text && <p className="state__text">{text}</p>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}

/** A part of a screen whose data could not be loaded. */
export function ErrorState({ onRetry, text }: { onRetry?: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <div className="state__icon">
        <AlertIcon />
      </div>
      <p className="state__title">{text ?? t('common.load_failed')}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * A start-page card whose data could not be read, in the card's place: nothing there would read
 * as nothing to show (nothing owed, nobody asking, not in the line).
 */
export function ReadFailedCard({ text, onRetry, testId }: { text: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card read-failed" data-testid={testId}>
      <div className="read-failed__head">
        <AlertIcon />
        <p className="read-failed__title" role="alert">
          {text}
        </p>
      </div>
      <button type="button" className="link small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}

/** What a list reads of a query (TanStack's result, or several folded into one). */
export interface Loadable<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * An empty list, or an empty page of one (`{ data: [] }`, the paged answers). A page past the
 * last of a list that has rows (`total`) is not an empty list: its pager takes it to the last.
 */
function emptyList(data: unknown): boolean {
  const paged = typeof data === 'object' && data !== null && 'data' in data;
  const rows = paged ? data.data : data;
  if (paged && 'total' in data && typeof data.total === 'number' && data.total > 0) return false;
  return Array.isArray(rows) && rows.length === 0;
}

/** A list's three other states: loading, failed (with a retry), and nothing in it yet. */
export function QueryStates<T>({
  query,
  isEmpty = emptyList,
  empty,
  children,
}: {
  query: Loadable<T>;
  isEmpty?: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || query.data === undefined) return <ErrorState onRetry={() => void query.refetch()} />;
  return isEmpty(query.data) ? empty : children(query.data);
}

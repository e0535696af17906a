import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from './form.tsx';

/** The list's page in the address (`?page=`, from 1), and a way to another that keeps the other parameters. */
export function usePageParam(): [number, OnPage] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const goTo: OnPage = (p, how) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(p));
        return next;
      },
      { replace: how?.replace === true },
    );
  return [page, goTo];
}

/** Goes to a page: a new history entry, or in place of this one (`replace`). */
export type OnPage = (page: number, how?: { replace: true }) => void;

/** Previous and next under a list of more than one page, with where the answer is. */
export function Pager({
  page,
  answer,
  onPage,
}: {
  /** the page asked for */
  page: number;
  answer: { current_page: number; last_page: number };
  onPage: OnPage;
}) {
  const { t } = useTranslation();
  // a page past the last (an old link, rows gone since) becomes the last, in its place in the
  // history: back then leads where the person came from, not to the page that is no more
  const past = page > answer.last_page && answer.last_page >= 1;
  useEffect(() => {
    if (past) onPage(answer.last_page, { replace: true });
  }, [past, answer.last_page, onPage]);
  if (answer.last_page <= 1) return null;
  return (
    <nav className="pager" aria-label={t('common.pages')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span className="muted small">{t('common.page_of', { page: answer.current_page, last: answer.last_page })}</span>
      <Button variant="secondary" disabled={page >= answer.last_page} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { afterPaint } from '../lib/first-screen.ts';
import { ChevronLeftIcon } from './icons.tsx';

/** A screen: its title (also the tab's title), an optional back link and actions. */
export function Page({
  title,
  subtitle,
  back,
  actions,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const appName = t('app.name');

  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  // a new screen: move the focus to its title so screen readers announce it. Once painted:
  // focusing lays the page out at once, and on a slow phone's first screen that stretched
  // React's commit into one long task (Lighthouse's total blocking time).
  useEffect(
    () =>
      afterPaint(() => {
        if (document.activeElement === document.body || document.activeElement === null) {
          heading.current?.focus({ preventScroll: true });
        }
      }),
    [],
  );

  return (
    <div className={wide ? 'page page--wide' : 'page'}>
      {back && (
        <Link to={back.to} className="page__back">
          <ChevronLeftIcon />
          <span>{back.label}</span>
        </Link>
      )}
      <header className="page__header">
        <div>
          <h1 ref={heading} tabIndex={-1} className="page__title">
            {title}
          </h1>
          {subtitle && <p className="page__subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="page__actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A titled group of content on a screen. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="section" aria-label={title}>
      <div className="section__header">
        <h2 className="section__title">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

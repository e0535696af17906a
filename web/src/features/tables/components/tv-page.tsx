import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoIcon, TableIcon } from '../../../components/icons.tsx';
import { currentLocale } from '../../../lib/i18n.ts';

/** The wall board: a read-only view of the tables, for a TV that nobody touches. */
export function TvPage() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    document.title = `${t('tv.title')} · ${t('app.name')}`;
  }, [t]);
  const time = new Intl.DateTimeFormat(currentLocale() === 'nb' ? 'nb-NO' : 'en-GB', { timeStyle: 'short' }).format(
    now,
  );

  return (
    <main className="tv">
      <header className="tv__header">
        <span className="brand">
          <LogoIcon />
          <span>{t('app.name')}</span>
        </span>
        <h1 className="tv__title">{t('tv.title')}</h1>
        <time className="tv__clock">{time}</time>
      </header>
      <div className="tv__empty">
        <TableIcon />
        <p className="state__title">{t('tv.empty')}</p>
        <p className="state__text">{t('tv.empty_text')}</p>
      </div>
    </main>
  );
}

import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LogoIcon } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';

/** Pages anyone may see: privacy policy, not found, network error, something happened. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public">
      <header className="topbar">
        <Link to={pathTo('home')} className="brand">
          <LogoIcon />
          <span>{t('app.name')}</span>
        </Link>
        <LanguageSwitch compact />
      </header>
      <main id="main" className="main main--public">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}

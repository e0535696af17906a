import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LogoIcon } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';

/** Login, register, password reset and verification: one card on the felt. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth">
      <header className="auth__header">
        <span className="brand brand--large">
          <LogoIcon />
          <span>{t('app.name')}</span>
        </span>
        <LanguageSwitch compact />
      </header>
      <main id="main" className="auth__main">
        <div className="auth__card">
          <Outlet />
        </div>
      </main>
      <footer className="auth__footer">
        <p className="muted small">{t('auth.tagline')}</p>
        <Link to={pathTo('privacy')} className="link small">
          {t('privacy.title')}
        </Link>
      </footer>
    </div>
  );
}

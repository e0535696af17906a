import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/form.tsx';
import { WifiOffIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';

function fromOf(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    const from = state.from;
    if (from.startsWith('/') && !from.startsWith('//') && from !== pathTo('networkError')) return from;
  }
  return undefined;
}

/** SPEC §8: where a call that got no answer leads. */
export function NetworkErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = fromOf(useLocation().state);
  return (
    <Page title={t('error.network')}>
      <div className="state state--empty">
        <div className="state__icon">
          <WifiOffIcon />
        </div>
        <p className="state__text">{t('pages.network.text')}</p>
        <div className="row">
          <Button onClick={() => navigate(from ?? pathTo('home'), { replace: true })}>{t('common.retry')}</Button>
          <Link to={pathTo('home')} className="button button--secondary">
            {t('pages.go_home')}
          </Link>
        </div>
      </div>
    </Page>
  );
}

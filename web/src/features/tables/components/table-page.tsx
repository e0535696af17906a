import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { TableIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

/** A pool table, opened from its QR code: join, see the game and its players. */
export function TablePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Page
      title={t('table.title', { id })}
      subtitle={t('table.subtitle')}
      back={{ to: pathTo('home'), label: t('nav.home') }}
    >
      <Section title={t('table.players')}>
        <EmptyState icon={<TableIcon />} title={t('table.no_game')} text={t('table.no_game_text')} />
      </Section>
      <Button className="button--block" disabled aria-describedby="join-soon">
        {t('table.join')}
      </Button>
      <p id="join-soon" className="muted small center">
        {t('table.join_soon')}
      </p>
    </Page>
  );
}

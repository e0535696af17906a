import type { TTable } from '@club/shared/tables';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { QrIcon } from '../../../components/icons.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { QrImage, tableUrl } from './qr-code.tsx';

/** One table's printable card: the club, the table's name, its QR code and address. */
export function QrCard({ table, small = false }: { table: Pick<TTable, 'id' | 'name'>; small?: boolean }) {
  const { t } = useTranslation();
  const url = tableUrl(table.id);
  return (
    <div className={small ? 'qr-card qr-card--small' : 'qr-card'} data-testid={`qr-card-${table.id}`}>
      <span className="qr-card__club">{t('app.name')}</span>
      <span className="qr-card__name">{table.name}</span>
      <QrImage text={url} alt={t('games.admin.qr.image', { name: table.name })} className="qr-card__img" />
      <span className="qr-card__scan">{t('games.admin.qr.scan')}</span>
      <span className="qr-card__url">{url}</span>
    </div>
  );
}

/** Every table's QR card, ready to print (print CSS: only the cards, two per row). */
export function QrSheet({ tables }: { tables: TTable[] }) {
  const { t } = useTranslation();
  if (tables.length === 0) {
    return <EmptyState icon={<QrIcon />} title={t('games.admin.qr.empty')} text={t('games.admin.qr.empty_text')} />;
  }
  return (
    <>
      <div className="qr-toolbar">
        <p className="muted small">{t('games.admin.qr.text')}</p>
        <Button onClick={() => window.print()}>{t('games.admin.qr.print')}</Button>
      </div>
      <ul className="qr-sheet qr-sheet--print" aria-label={t('games.admin.qr.title')}>
        {tables.map((table) => (
          <li key={table.id}>
            <QrCard table={table} />
          </li>
        ))}
      </ul>
    </>
  );
}

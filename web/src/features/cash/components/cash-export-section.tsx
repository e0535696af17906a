import { localDate } from '@club/shared/time-zone';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { api } from '../../../lib/api.ts';
import { useDownloadFile } from '../../../lib/api-files.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';

/** The journal's public key, and the SAF-T Cash Register file of a period. */
export function CashExportSection() {
  const { t } = useTranslation();
  const id = useId();
  const download = useDownloadFile();
  // a second tap before the button shows busy would save the file twice
  const downloadOnce = useRunOnce(download);
  // the export takes whole days of the club's calendar: just after midnight, when the day is
  // closed, UTC's date is still yesterday and the evening's last sales fell outside the default
  const zone = useClubTimeZone(true);
  const today = localDate(api.serverNow(), zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [picked, setPicked] = useState<{ from?: string; to?: string }>({});
  const from = picked.from ?? `${today.slice(0, 8)}01`;
  const to = picked.to ?? today;
  const setFrom = (value: string) => setPicked((p) => ({ ...p, from: value }));
  const setTo = (value: string) => setPicked((p) => ({ ...p, to: value }));
  const fetchFile = (path: string, accept: string, fallbackName: string) =>
    downloadOnce(
      { path, accept, fallbackName },
      {
        onSuccess: (name) => notifySuccess(t('till.downloaded', { name })),
        onError: () => notifyError(t('till.download_failed')),
      },
    );
  const saft = (e: FormEvent) => {
    e.preventDefault();
    const query = new URLSearchParams({ from, to });
    fetchFile(`/v1/cash/saft?${query}`, 'application/xml', `saft-${from}-${to}.xml`);
  };
  return (
    <Section title={t('till.export_title')}>
      <div className="cash__forms">
        <div className="card stack">
          <Button
            variant="secondary"
            busy={download.isPending}
            onClick={() =>
              fetchFile('/v1/cash/public-key?format=pem', 'application/x-pem-file', 'cash-register-key.pem')
            }
          >
            {t('till.public_key')}
          </Button>
        </div>
        <form className="card stack" onSubmit={saft} aria-label={t('till.saft_download')}>
          <fieldset className="period">
            <legend className="visually-hidden">{t('till.saft_download')}</legend>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-from`}>
                {t('till.saft_from')}
              </label>
              <input
                id={`${id}-from`}
                className="field__input"
                type="date"
                required
                value={from}
                max={to}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-to`}>
                {t('till.saft_to')}
              </label>
              <input
                id={`${id}-to`}
                className="field__input"
                type="date"
                required
                value={to}
                min={from}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
          </fieldset>
          <div className="form-actions">
            <Button type="submit" busy={download.isPending}>
              {t('till.saft_download')}
            </Button>
          </div>
        </form>
      </div>
    </Section>
  );
}

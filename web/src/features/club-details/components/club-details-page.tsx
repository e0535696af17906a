import { DEFAULT_CLUB_DETAILS, type TClubDetails, ZClubDetails } from '@club/shared/cash';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../../components/fields.tsx';
import { SaveBar, TextField } from '../../../components/form.tsx';
import { Page } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { VatRateSelect } from '../../../components/vat-rate-select.tsx';
import { useForm } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useClubDetails, useReceiptHeaderPreview, useSaveClubDetails } from '../api/club-details.ts';
import '../club-details.css';

/**
 * `/admin/club`: the business the receipts and reports name (company, organisation number,
 * address, VAT registration) and the VAT rate of table time, with the receipt's header as it
 * will print, made by the kiosk from what is typed.
 */
export function ClubDetailsPage() {
  const { t } = useTranslation();
  const saved = useClubDetails();
  return (
    <Page title={t('admin.club.title')} subtitle={t('adminConsole.club.subtitle')} wide>
      {saved.isPending ? (
        <Loading />
      ) : saved.isError ? (
        <ErrorState onRetry={() => void saved.refetch()} />
      ) : (
        <ClubDetailsForm saved={saved.data} />
      )}
    </Page>
  );
}

type Values = {
  company_name: string;
  organisation_number: string;
  address: string;
  vat_registered: boolean;
  table_time_vat_rate: string;
};
const valuesOf = (club: TClubDetails): Values => ({ ...club, table_time_vat_rate: String(club.table_time_vat_rate) });
const prepare = (v: Values) => ({ ...v, table_time_vat_rate: Number(v.table_time_vat_rate) });

function ClubDetailsForm({ saved }: { saved: TClubDetails }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const save = useSaveClubDetails();
  const labels: Record<keyof Values, string> = {
    company_name: t('adminConsole.club.company_name'),
    organisation_number: t('adminConsole.club.organisation_number'),
    address: t('adminConsole.club.address'),
    vat_registered: t('adminConsole.club.vat_registered'),
    table_time_vat_rate: t('adminConsole.club.table_time_vat'),
  };
  const form = useForm(ZClubDetails, valuesOf(saved), {
    prepare,
    label: (name) => labels[name as keyof Values],
  });
  const { values, set, field } = form;
  const draft = ZClubDetails.safeParse(prepare(values));
  const settled = useDebounced(draft.success ? draft.data : null, 300);
  const preview = useReceiptHeaderPreview(settled, locale);
  const changed = JSON.stringify(prepare(values)) !== JSON.stringify(saved);
  const example =
    saved.company_name === DEFAULT_CLUB_DETAILS.company_name &&
    saved.organisation_number === DEFAULT_CLUB_DETAILS.organisation_number;

  return (
    <div className="club-details">
      <form
        ref={form.formRef}
        className="form card"
        noValidate
        onSubmit={form.handleSubmit((data) =>
          save.mutate(data, {
            onSuccess: (next) => {
              form.setValues(valuesOf(next));
              notifySuccess(t('success.saved'));
            },
            onError: form.applyServerError,
          }),
        )}
      >
        <h2 className="section__title">{t('adminConsole.club.business')}</h2>
        {example && <p className="notice small">{t('adminConsole.club.example')}</p>}
        <TextField {...field('company_name')} label={labels.company_name} autoComplete="organization" />
        <TextField
          {...field('organisation_number')}
          label={labels.organisation_number}
          hint={t('adminConsole.club.organisation_number_hint')}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          {...field('address')}
          label={labels.address}
          hint={t('adminConsole.club.address_hint')}
          autoComplete="street-address"
        />
        <CheckField
          name="vat_registered"
          label={labels.vat_registered}
          hint={t('adminConsole.club.vat_registered_hint')}
          checked={values.vat_registered}
          onChange={(checked) => set('vat_registered', checked)}
        />
        <VatRateSelect
          name="table_time_vat_rate"
          label={labels.table_time_vat_rate}
          value={values.table_time_vat_rate}
          onChange={(rate) => set('table_time_vat_rate', rate)}
          error={form.errors.table_time_vat_rate}
          hint={t('adminConsole.club.table_time_vat_hint')}
        />
        <SaveBar changed={changed} unsaved={t('adminConsole.club.unsaved')} busy={save.isPending} />
      </form>

      <section className="card form" aria-labelledby="club-preview-title">
        <h2 id="club-preview-title" className="section__title">
          {t('adminConsole.club.preview')}
        </h2>
        {!draft.success ? (
          <p className="muted small">{t('adminConsole.club.preview_invalid')}</p>
        ) : preview.isError ? (
          <ErrorState onRetry={() => void preview.refetch()} />
        ) : !preview.data ? (
          <Loading />
        ) : (
          <>
            <p className="muted small">{t('adminConsole.club.preview_receipt')}</p>
            <div className="receipt-preview" data-testid="receipt-preview">
              {preview.data.receipt.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <p className="muted small">{t('adminConsole.club.preview_report')}</p>
            <div className="receipt-preview" data-testid="report-preview">
              {preview.data.report.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </>
        )}
      </section>
    </div>
  );
}

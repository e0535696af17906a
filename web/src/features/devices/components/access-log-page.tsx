import { DOOR_RESULTS, type TDoorLogEntry, type TDoorResult } from '@club/shared/devices';
import { pathTo } from '@club/shared/routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClearFilters, DateRangeFilter, SelectFilter } from '../../../components/filters.tsx';
import { DoorIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryStates } from '../../../components/states.tsx';
import { UserPicker } from '../../../components/user-picker.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { dateParam, useSearchParamFilters } from '../../../lib/use-search-param-filters.ts';
import { useDoorLog } from '../api/door-log.ts';
import '../devices.css';

const isResult = (v: string | null): v is TDoorResult => DOOR_RESULTS.includes(v as TDoorResult);
const idOf = (v: string | null): number | undefined => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * `/admin/door-log`: every try at the door, allowed or not, newest first, a page at a time;
 * filtered by person, result and dates (the club's local dates), all kept in the address.
 */
export function AccessLogPage() {
  const { t } = useTranslation();
  const { params, page, set, clear } = useSearchParamFilters();
  const userId = idOf(params.get('user'));
  const rawResult = params.get('result');
  const result = isResult(rawResult) ? rawResult : undefined;
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  const log = useDoorLog({ page, user_id: userId, result, from, to });
  // the filter's days are the club's, and so are the times it lists
  const timeZone = useClubTimeZone(true);
  const captionId = useId();
  const filtered = Boolean(userId || result || from || to);

  return (
    <Page
      title={t('devices.log.title')}
      subtitle={t('devices.log.subtitle')}
      back={{ to: pathTo('admin.devices'), label: t('lights.nav.devices') }}
      wide
    >
      <div className="card log-filters">
        <UserPicker
          label={t('devices.log.person')}
          value={userId ?? null}
          onChange={(id) => set('user', id === null ? '' : String(id))}
        />
        <SelectFilter
          label={t('devices.log.result')}
          any={t('devices.log.any')}
          values={DOOR_RESULTS}
          value={result}
          text={(r) => t(`devices.result.${r}`)}
          onChange={(v) => set('result', v)}
        />
        <DateRangeFilter
          labels={{ from: t('devices.log.from'), to: t('devices.log.to') }}
          from={from}
          to={to}
          bounded
          onChange={set}
        />
        {filtered && <ClearFilters className="log-filters__clear" label={t('devices.log.clear')} onClear={clear} />}
      </div>

      <Section title={t('devices.log.list')}>
        <QueryStates
          query={log}
          empty={
            <EmptyState
              icon={<DoorIcon />}
              title={filtered ? t('devices.log.empty_filtered') : t('devices.log.empty')}
              text={filtered ? t('devices.log.empty_filtered_text') : t('devices.log.empty_text')}
            />
          }
        >
          {(found) => (
            <>
              <p className="muted small" aria-live="polite">
                {t('devices.log.count', { count: found.total })}
              </p>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it */}
              <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
                <table className="data-table" data-testid="door-log" aria-busy={log.isFetching || undefined}>
                  <caption id={captionId} className="visually-hidden">
                    {t('devices.log.list')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('devices.log.when')}</th>
                      <th scope="col">{t('devices.log.who')}</th>
                      <th scope="col">{t('devices.log.result')}</th>
                      <th scope="col">{t('devices.log.how')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {found.data.map((entry) => (
                      <LogRow key={entry.id} entry={entry} timeZone={timeZone} />
                    ))}
                  </tbody>
                </table>
              </section>
              <Pager page={page} answer={found} onPage={(p, how) => set('page', String(p), how)} />
            </>
          )}
        </QueryStates>
      </Section>
    </Page>
  );
}

function LogRow({ entry, timeZone }: { entry: TDoorLogEntry; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <tr data-result={entry.result}>
      <td className="log-time">
        <time dateTime={entry.at}>{formatDateTime(entry.at, locale, timeZone)}</time>
      </td>
      <th scope="row">{entry.user_name ?? t('devices.log.unknown_person')}</th>
      <td>
        <span className={`log-result log-result--${entry.result}`}>{t(`devices.result.${entry.result}`)}</span>
      </td>
      <td>{entry.grant ? t(`devices.grant.${entry.grant}`) : '–'}</td>
    </tr>
  );
}

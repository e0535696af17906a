import type { TFloorTable } from '@club/shared/realtime';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../../components/page.tsx';
import { ApprovalQueue } from './approval-queue.tsx';
import { FloorPlan } from './floor-plan.tsx';
import { LiveDot } from './live-dot.tsx';

/**
 * `/admin/live`: the floor plan full size, with the queue of card payments to approve;
 * `beside`: what the route puts next to the floor (the waitlist); `actions`: beside the live
 * dot (the door); `above`: over the floor (device alerts); `panelExtra`: in a table's panel.
 */
export function AdminLivePage({
  beside,
  actions,
  above,
  panelExtra,
}: {
  beside?: ReactNode;
  actions?: ReactNode;
  above?: ReactNode;
  panelExtra?: (table: TFloorTable) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page
      title={t('live.admin.title')}
      subtitle={t('live.admin.subtitle')}
      back={{ to: '/admin', label: t('live.admin.back') }}
      actions={
        <>
          {actions}
          <LiveDot />
        </>
      }
      wide
    >
      {above}
      <FloorPlan variant="full" panelExtra={panelExtra} />
      {beside}
      <Section title={t('live.approvals.title')}>
        <ApprovalQueue />
      </Section>
    </Page>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../../components/page.tsx';
import { ApprovalQueue } from './approval-queue.tsx';
import { FloorPlan } from './floor-plan.tsx';
import { LiveDot } from './live-dot.tsx';

/**
 * `/admin/live`: the floor plan full size, with the queue of card payments to approve;
 * `beside`: what the route puts next to the floor (the waitlist).
 */
export function AdminLivePage({ beside }: { beside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page
      title={t('live.admin.title')}
      subtitle={t('live.admin.subtitle')}
      back={{ to: '/admin', label: t('live.admin.back') }}
      actions={<LiveDot />}
      wide
    >
      <FloorPlan variant="full" />
      {beside}
      <Section title={t('live.approvals.title')}>
        <ApprovalQueue />
      </Section>
    </Page>
  );
}

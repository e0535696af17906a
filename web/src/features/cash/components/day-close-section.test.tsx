import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { DayCloseSection } from './day-close-section.tsx';

describe('the day close', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['cash']);
  });
  afterEach(cleanUpComponent);

  it('asks first, and a double tap on the confirmation makes one Z report', async () => {
    // the kiosk's answer does not matter here, only how many times it is asked
    const { calls } = fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/cash/z-report'
            ? { status: 409, body: { success: false, message: 'error.z_report_empty' } }
            : undefined,
      ],
    });
    renderWithProviders(<DayCloseSection />);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('till.close_button') }));
    const confirm = await screen.findByRole('button', { name: i18n.t('till.close_confirm') });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/cash/z-report')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/cash/z-report')).toHaveLength(1);
  });
});

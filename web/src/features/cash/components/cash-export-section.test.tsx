import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, openingHoursAnswer } from '../../../testing/server.ts';
import { CashExportSection } from './cash-export-section.tsx';

describe('the SAF-T export’s period', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['cash']);
  });
  afterEach(() => {
    cleanUpComponent();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ends on the club’s today: past midnight in Oslo, UTC’s date is still yesterday', async () => {
    // 00:30 on 1 December in Oslo
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00.000Z'));
    fakeApi({ handlers: [openingHoursAnswer] });
    renderWithProviders(<CashExportSection />);
    const to = screen.getByLabelText(i18n.t('till.saft_to')) as HTMLInputElement;
    const from = screen.getByLabelText(i18n.t('till.saft_from')) as HTMLInputElement;
    await waitFor(() => expect(to.value).toBe('2026-12-01'));
    expect(from.value).toBe('2026-12-01');
  });

  it('saves the public key once however fast it is tapped', async () => {
    const made = vi.fn(() => 'blob:key');
    // a URL of its own, so that the page's is left as it was
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: made, revokeObjectURL: vi.fn() }));
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = fakeApi({
      handlers: [
        openingHoursAnswer,
        (url) => (url.pathname === '/v1/cash/public-key' ? { body: { success: true } } : undefined),
      ],
    });
    renderWithProviders(<CashExportSection />);
    const key = screen.getByRole('button', { name: i18n.t('till.public_key') });
    fireEvent.click(key);
    fireEvent.click(key);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((c) => c.path === '/v1/cash/public-key')).toHaveLength(1);
    expect(saved).toHaveBeenCalledTimes(1);
  });
});

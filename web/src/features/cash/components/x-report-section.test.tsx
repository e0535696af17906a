import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../components/toasts.tsx';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { XReportSection } from './x-report-section.tsx';

describe('printing the X report', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['cash']);
  });
  afterEach(cleanUpComponent);

  it('opens one page of a double tap, and says so when the page does not come', async () => {
    const tab = { close: vi.fn(), location: { href: '' } };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/cash/x-report' && url.searchParams.get('format') === 'html'
            ? { status: 503, body: { success: false, message: 'error.internal' } }
            : undefined,
      ],
    });
    renderWithProviders(
      <>
        <XReportSection />
        <Toasts />
      </>,
    );
    const print = screen.getByRole('button', { name: i18n.t('till.print_x') });
    fireEvent.click(print);
    fireEvent.click(print);
    expect(await screen.findByText(i18n.t('till.print_failed'))).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.close).toHaveBeenCalledTimes(1);
  });
});

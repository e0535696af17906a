import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';

/** A component as a screen holds it: inside the app's query cache and texts. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
}

/** After a component test: its tree and the cache go, and `fetch` is the real one again (`fakeApi` stubs it). */
export function cleanUpComponent(): void {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
}

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { MyPinForm } from './my-pin-form.tsx';

describe('choosing one’s own PIN', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('sets it once of a double tap: each set is written in the cash journal', async () => {
    const { calls } = fakeApi();
    renderWithProviders(<MyPinForm />);
    fireEvent.input(screen.getByLabelText(i18n.t('counter.my_pin.label'), { exact: false }), {
      target: { value: '2468' },
    });
    const save = screen.getByRole('button', { name: i18n.t('counter.my_pin.save') });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/cash/operator/pin')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/cash/operator/pin')).toHaveLength(1);
  });
});

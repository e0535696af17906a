import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '../components/toasts.tsx';
import { notifyApiError } from './api.ts';
import { ApiError } from './api-client.ts';
import { i18n, setLocale } from './i18n.ts';

afterEach(cleanup);
beforeEach(() => setLocale('nb'));

const refused = (fields: Record<string, string>) => new ApiError(422, 'error.validation_failed', fields);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

describe('a refusal that names fields', () => {
  it('says each field’s rule in words when the screen marks none of them', async () => {
    render(<Toasts />);
    notifyApiError(refused({ party_size: 'validation.min' }));
    await settle();
    expect(
      await screen.findByText(i18n.t('validation.min', { field: i18n.t('field.party_size') })),
    ).toBeInTheDocument();
    expect(screen.queryByText(i18n.t('error.validation_failed'))).toBeNull();
  });

  it('points to the marked fields when the form has marked one', async () => {
    render(
      <>
        <input aria-label="Navn" aria-invalid="true" />
        <Toasts />
      </>,
    );
    notifyApiError(refused({ name: 'validation.required' }));
    await settle();
    expect(await screen.findByText(i18n.t('error.validation_failed'))).toBeInTheDocument();
  });

  it('calls a field the catalogue has no name for "the field", and an unknown rule not valid', async () => {
    render(<Toasts />);
    notifyApiError(refused({ 'week.3.open': 'a rule of its own' }));
    await settle();
    expect(await screen.findByText(i18n.t('validation.invalid', { field: i18n.t('field.this') }))).toBeInTheDocument();
  });
});

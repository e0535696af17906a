import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { pinDigits } from '../features/counter/lib/pin-digits.ts';
import { i18n } from '../lib/i18n.ts';
import { TextField } from './form.tsx';

function PinField() {
  const [pin, setPin] = useState('');
  return (
    <I18nextProvider i18n={i18n}>
      <TextField name="pin" label="PIN" value={pin} accept={pinDigits(4)} onChange={setPin} />
      <output>{pin}</output>
    </I18nextProvider>
  );
}

describe('a text field that keeps only part of what is typed', () => {
  it('shows what it keeps, also when the kept value stays the same', () => {
    render(<PinField />);
    const field = screen.getByLabelText(/PIN/) as HTMLInputElement;
    fireEvent.input(field, { target: { value: '12' } });
    expect(field.value).toBe('12');
    // a letter: the state stays '12', and the field must not show the letter
    fireEvent.input(field, { target: { value: '12a' } });
    expect(field.value).toBe('12');
    fireEvent.input(field, { target: { value: '123456' } });
    expect(field.value).toBe('1234');
    fireEvent.input(field, { target: { value: '12345' } });
    expect(field.value).toBe('1234');
    expect(screen.getByRole('status')).toHaveTextContent('1234');
  });
});

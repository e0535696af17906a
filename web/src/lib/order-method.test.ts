import { PAYMENT_METHODS } from '@club/shared/orders';
import { describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from './i18n.ts';
import { PAYMENT_METHOD_TEXT, paymentMethodName } from './order-method.ts';

describe('a payment method’s name', () => {
  // the orders list loads the console's and the payments' texts, not the till's
  it.each(['nb', 'en'] as const)(
    'reads as words for every method with the orders screen’s texts (%s)',
    async (locale) => {
      await setLocale(locale);
      await loadTextGroups(['admin', 'pay']);
      const t = i18n.getFixedT(locale);
      for (const method of PAYMENT_METHODS) {
        const name = paymentMethodName(t, method);
        expect(name, method).not.toBe(PAYMENT_METHOD_TEXT[method]);
        expect(name, method).not.toMatch(/^pay\./);
      }
      expect(paymentMethodName(t, 'cash')).toBe(locale === 'nb' ? 'Kontant' : 'Cash');
    },
  );
});

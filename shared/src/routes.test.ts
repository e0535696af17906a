import { describe, expect, it } from 'vitest';
import { pathTo, ROUTES } from './routes.ts';

describe('routes', () => {
  it('builds paths from names', () => {
    expect(pathTo('home')).toBe('/');
    expect(pathTo('table', { id: 7 })).toBe('/table/7');
    expect(pathTo('resetPasswordContinue', { token: 'a/b' })).toBe('/reset-password-continue/a%2Fb');
  });
  it('keeps SPEC §2 paths exactly', () => {
    expect(ROUTES['payment.overview']).toBe('/payment/overview/:id');
    expect(ROUTES.changePassword).toBe('/profile/change-password');
    expect(ROUTES['profile.orderHistory']).toBe('/profile/order-history');
    expect(ROUTES.networkError).toBe('/network-error');
    expect(ROUTES.privacy).toBe('/privacy-policy');
  });
});

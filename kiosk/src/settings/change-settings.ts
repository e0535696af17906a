import type { TBillingSettings } from '@club/shared/billing';
import type { TClubDetails } from '@club/shared/cash';
import type { TPaymentMethodSettings } from '@club/shared/orders';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import { journalSettingsChange } from '../cash/journal-settings-change.ts';
import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { billingSettings, clubDetails, paymentMethods } from './club-settings.ts';

/* Settings that matter to the cash register: saved and journaled (before → after) together. */

export async function changeClubDetails(db: Db, by: AuthInfo, value: TClubDetails): Promise<TClubDetails> {
  const after = await db.transaction(async (tx) => {
    // the journal's "before" is what was saved, not what this process kept
    const before = await clubDetails.read(tx);
    const saved = await clubDetails.save(tx, value);
    await journalSettingsChange(tx, 'club_details', before, saved, by.userId);
    await journalPriceChange(
      tx,
      { item: 'table_time', id: null },
      { price: null, vat_rate: before.table_time_vat_rate },
      { price: null, vat_rate: saved.table_time_vat_rate },
    );
    return saved;
  });
  clubDetails.forget(db);
  return after;
}

export async function changeBillingSettings(db: Db, by: AuthInfo, value: TBillingSettings): Promise<TBillingSettings> {
  const after = await db.transaction(async (tx) => {
    const before = await billingSettings.get(tx);
    const saved = await billingSettings.save(tx, value);
    await journalSettingsChange(tx, 'billing', before, saved, by.userId);
    return saved;
  });
  billingSettings.forget(db);
  return after;
}

export async function changePaymentMethods(db: Db, by: AuthInfo, value: TPaymentMethodSettings) {
  const after = await db.transaction(async (tx) => {
    // the journal's "before" is what was saved, not what this process kept
    const before = await paymentMethods.read(tx);
    const saved = await paymentMethods.save(tx, value);
    await journalSettingsChange(tx, 'payment_methods', before, saved, by.userId);
    return saved;
  });
  paymentMethods.forget(db);
  return after;
}

import type { TBillingSettings } from '@club/shared/billing';
import type { TClubDetails } from '@club/shared/cash';
import type { TPaymentMethodSettings } from '@club/shared/orders';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import { journalSettingsChange } from '../cash/journal-settings-change.ts';
import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { forgetBillingSettings, getBillingSettings, saveBillingSettings } from './billing-settings.ts';
import { forgetClubDetails, readClubDetails, saveClubDetails } from './club-details.ts';
import { forgetPaymentMethods, readPaymentMethods, savePaymentMethods } from './payment-methods.ts';

/* Settings that matter to the cash register: saved and journaled (before → after) together. */

export async function changeClubDetails(db: Db, by: AuthInfo, value: TClubDetails): Promise<TClubDetails> {
  const after = await db.transaction(async (tx) => {
    // the journal's "before" is what was saved, not what this process kept
    const before = await readClubDetails(tx);
    const saved = await saveClubDetails(tx, value);
    await journalSettingsChange(tx, 'club_details', before, saved, by.userId);
    await journalPriceChange(
      tx,
      { item: 'table_time', id: null },
      { price: null, vat_rate: before.table_time_vat_rate },
      { price: null, vat_rate: saved.table_time_vat_rate },
    );
    return saved;
  });
  forgetClubDetails(db);
  return after;
}

export async function changeBillingSettings(db: Db, by: AuthInfo, value: TBillingSettings): Promise<TBillingSettings> {
  const after = await db.transaction(async (tx) => {
    const before = await getBillingSettings(tx);
    const saved = await saveBillingSettings(tx, value);
    await journalSettingsChange(tx, 'billing', before, saved, by.userId);
    return saved;
  });
  forgetBillingSettings(db);
  return after;
}

export async function changePaymentMethods(db: Db, by: AuthInfo, value: TPaymentMethodSettings) {
  const after = await db.transaction(async (tx) => {
    // the journal's "before" is what was saved, not what this process kept
    const before = await readPaymentMethods(tx);
    const saved = await savePaymentMethods(tx, value);
    await journalSettingsChange(tx, 'payment_methods', before, saved, by.userId);
    return saved;
  });
  forgetPaymentMethods(db);
  return after;
}

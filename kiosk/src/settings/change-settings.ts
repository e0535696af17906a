import type { TBillingSettings } from '@club/shared/billing';
import type { TClubDetails } from '@club/shared/cash';
import type { TPaymentMethodSettings } from '@club/shared/orders';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import { journalSettingsChange } from '../cash/journal-settings-change.ts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { billingSettings, clubDetails, paymentMethods } from './club-settings.ts';
import type { Setting } from './define-setting.ts';

/* Settings that matter to the cash register: saved and journaled (before → after) together. */

type Journaled = Parameters<typeof journalSettingsChange>[1];

async function changeJournaled<T extends object>(
  db: Db,
  by: AuthInfo,
  change: { setting: Setting<T>; journaled: Journaled; value: T },
  also?: (tx: Executor, before: T, after: T) => Promise<void>,
): Promise<T> {
  const after = await db.transaction(async (tx) => {
    // the journal's "before" is what was saved, not what this process kept
    const before = await change.setting.read(tx);
    const saved = await change.setting.save(tx, change.value);
    await journalSettingsChange(tx, change.journaled, before, saved, by.userId);
    await also?.(tx, before, saved);
    return saved;
  });
  change.setting.forget(db);
  return after;
}

/** The table time's VAT rate is part of the club details: its change is journaled as a price change too. */
export function changeClubDetails(db: Db, by: AuthInfo, value: TClubDetails): Promise<TClubDetails> {
  return changeJournaled(db, by, { setting: clubDetails, journaled: 'club_details', value }, (tx, before, after) =>
    journalPriceChange(
      tx,
      { item: 'table_time', id: null },
      { price: null, vat_rate: before.table_time_vat_rate },
      { price: null, vat_rate: after.table_time_vat_rate },
      by.userId,
    ),
  );
}

export function changeBillingSettings(db: Db, by: AuthInfo, value: TBillingSettings): Promise<TBillingSettings> {
  return changeJournaled(db, by, { setting: billingSettings, journaled: 'billing', value });
}

export function changePaymentMethods(db: Db, by: AuthInfo, value: TPaymentMethodSettings) {
  return changeJournaled(db, by, { setting: paymentMethods, journaled: 'payment_methods', value });
}

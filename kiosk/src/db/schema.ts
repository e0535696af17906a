/**
 * The database of the whole product (the kiosk API is the system of record), one file per
 * part. Money is integer øre; times are `timestamptz`, always written from the clock module.
 */

export * from './schema/cash.ts';
export * from './schema/delivery.ts';
export * from './schema/devices.ts';
export * from './schema/messages.ts';
export * from './schema/orders.ts';
export * from './schema/people.ts';
export * from './schema/reservations.ts';
export * from './schema/shop.ts';
export * from './schema/tables.ts';
export * from './schema/waitlist.ts';

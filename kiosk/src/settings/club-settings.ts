import { DEFAULT_BILLING_SETTINGS, ZBillingSettings } from '@club/shared/billing';
import { DEFAULT_CLUB_DETAILS, ZClubDetailsKept } from '@club/shared/cash';
import { DEFAULT_DEBT_SETTINGS, ZDebtSettings } from '@club/shared/club-settings';
import { DEFAULT_DEVICE_SETTINGS, ZDeviceSettings } from '@club/shared/devices';
import { DEFAULT_OPENING_HOURS, ZOpeningHours } from '@club/shared/opening-hours';
import { DEFAULT_PAYMENT_METHODS, ZPaymentMethodSettings } from '@club/shared/orders';
import { DEFAULT_RESERVATION_SETTINGS, ZReservationSettings } from '@club/shared/reservations';
import { DEFAULT_WAITLIST_SETTINGS, ZWaitlistSettings } from '@club/shared/waitlist';
import { defineSetting } from './define-setting.ts';

/* The club's settings, each under its key with its schema and its value until saved. */

/** how table time is billed: every running bill reads it */
export const billingSettings = defineSetting('billing', ZBillingSettings, DEFAULT_BILLING_SETTINGS);
/** whether a player who owes money may start a game: every join reads it */
export const debtSettings = defineSetting('debts', ZDebtSettings, DEFAULT_DEBT_SETTINGS);
/** the business's name, organisation number, address and VAT: receipts and every game's order */
export const clubDetails = defineSetting('club', ZClubDetailsKept, DEFAULT_CLUB_DETAILS);
/** the ways of paying the club takes: every payment asks */
export const paymentMethods = defineSetting('payment_methods', ZPaymentMethodSettings, DEFAULT_PAYMENT_METHODS);
/** the door relay, the lights' minutes and unstaffed hours (DESIGN §14): every light decision reads them */
export const deviceSettings = defineSetting('devices', ZDeviceSettings, DEFAULT_DEVICE_SETTINGS);
/** every booking and the wall TV read them */
export const openingHours = defineSetting('opening_hours', ZOpeningHours, DEFAULT_OPENING_HOURS);
export const reservationSettings = defineSetting('reservations', ZReservationSettings, DEFAULT_RESERVATION_SETTINGS);
/** applies to offers made from now on; a table held already keeps its time */
export const waitlistSettings = defineSetting('waitlist', ZWaitlistSettings, DEFAULT_WAITLIST_SETTINGS);

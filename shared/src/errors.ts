import { z } from 'zod';

/**
 * The error catalogue: SPEC §8, the keys DESIGN §4 adds, and the few this codebase adds
 * (marked below). Every failed answer carries exactly one of these as `message`.
 */
export const ERROR_KEYS = [
  // SPEC §8
  'error.network',
  'error.user_not_found',
  'error.user_role_not_found',
  'error.users_not_found',
  'error.current_password_wrong',
  'error.unable_to_update_password',
  'error.unable_to_generate_token',
  'error.passwords_do_not_match',
  'error.email_or_phone_already_in_use',
  'error.unable_to_find_product',
  'error.image_upload_not_successful',
  'error.product_at_top',
  'error.unable_to_create_product',
  'error.role_not_found',
  'error.role_name_taken',
  'error.id_required',
  'error.unable_to_create_role',
  'error.subscription_not_found',
  'error.nothing_happened',
  'error.auth_required',
  'error.unable_to_create_order',
  'error.subscription_already_paused',
  'error.role_configs_not_found',
  'error.game_not_found',
  'error.game_user_not_found',
  'error.order_not_found',
  'error.unable_to_update_order',
  'error.order_completed',
  'error.table_game_not_found',
  'error.payment_method_not_found',
  'error.payment_not_initialized',
  'error.items_not_found',
  'error.table_not_found',
  'error.table_name_taken',
  'error.table_has_bookings',
  'error.table_in_play',
  'error.table_full',
  'error.player_name_taken',
  'error.unable_to_join_game',
  'error.user_already_playing',
  'error.user_already_joined_game',
  'error.unable_to_transfer_user',
  'error.unpaid_orders_block_games',
  // DESIGN §4
  'error.validation_failed',
  'error.forbidden',
  'error.rate_limited',
  'error.not_found',
  // Added here: login, one-time links, unexpected failures and guarded deletes need a
  // message of their own that the catalogue above does not have.
  'error.invalid_credentials',
  // a request that rides on the session cookie from another site's page (DESIGN §4)
  'error.cross_site_request',
  'error.token_invalid',
  'error.internal',
  'error.service_unavailable',
  'error.payload_too_large',
  'error.user_has_open_orders',
  'error.cannot_delete_self',
  // Card payments and refunds (DESIGN §11)
  'error.amount_too_small',
  'error.refund_too_large',
  'error.refund_pending',
  'error.refund_refused',
  'error.return_too_many',
  'error.return_amount_changed',
  'error.invalid_signature',
  'error.table_in_use',
  'error.role_in_use',
  'error.out_of_stock',
  // Account safety: the server, not only the web app, holds unverified accounts back, and a
  // transfer waits for its receiver's yes.
  'error.email_not_verified',
  'error.transfer_pending',
  'error.transfer_not_found',
  // the cash register (DESIGN §12)
  'error.receipt_not_found',
  // counter operators and walk-in guests
  'error.cash_point_not_found',
  'error.operator_not_found',
  'error.operator_not_signed_in',
  'error.wrong_pin',
  'error.own_password_wrong',
  // the cash drawer: one opening float per day, and no more taken out than should be there
  'error.cash_float_recorded',
  'error.cash_not_enough',
  // a day close with nothing recorded since the previous one
  'error.z_report_empty',
  // reservations and out-of-order tables (DESIGN §13)
  'error.table_reserved',
  'error.table_out_of_order',
  'error.reservation_not_found',
  'error.reservation_started',
  'error.no_table_available',
  'error.too_many_reservations',
  'error.too_many_reservation_hours',
  // the waitlist (DESIGN §13): a free table kept for the next party in line, and the line itself
  'error.table_held',
  'error.waitlist_entry_not_found',
  'error.already_on_waitlist',
  'error.party_too_large',
  // the keyholder club (DESIGN §14): lights, the door and unstaffed hours
  'error.light_not_configured',
  'error.light_confirm_required',
  'error.door_not_allowed',
  'error.door_unavailable',
  'error.guests_time_unpaid',
  'error.pay_later_unstaffed',
] as const;

export const ZErrorKey = z.enum(ERROR_KEYS);
export type ErrorKey = z.infer<typeof ZErrorKey>;

/** The one table from error key to HTTP status. Keys not listed answer 400. */
const STATUS: Partial<Record<ErrorKey, number>> = {
  'error.auth_required': 401,
  'error.invalid_credentials': 401,
  'error.current_password_wrong': 400,
  'error.forbidden': 403,
  'error.cross_site_request': 403,
  'error.email_not_verified': 403,
  'error.transfer_not_found': 404,
  'error.transfer_pending': 409,
  'error.cannot_delete_self': 403,
  'error.not_found': 404,
  'error.user_not_found': 404,
  'error.users_not_found': 404,
  'error.user_role_not_found': 404,
  'error.role_not_found': 404,
  'error.role_configs_not_found': 404,
  'error.unable_to_find_product': 404,
  'error.subscription_not_found': 404,
  'error.game_not_found': 404,
  'error.game_user_not_found': 404,
  'error.order_not_found': 404,
  'error.table_not_found': 404,
  'error.table_game_not_found': 404,
  'error.payment_method_not_found': 404,
  'error.items_not_found': 404,
  'error.receipt_not_found': 404,
  'error.cash_point_not_found': 404,
  'error.operator_not_found': 404,
  'error.operator_not_signed_in': 409,
  'error.cash_float_recorded': 409,
  'error.cash_not_enough': 409,
  'error.z_report_empty': 409,
  'error.waitlist_entry_not_found': 404,
  'error.table_held': 409,
  'error.already_on_waitlist': 409,
  'error.party_too_large': 422,
  'error.light_not_configured': 409,
  'error.light_confirm_required': 409,
  'error.door_not_allowed': 403,
  'error.door_unavailable': 503,
  'error.guests_time_unpaid': 409,
  'error.pay_later_unstaffed': 409,
  'error.email_or_phone_already_in_use': 409,
  'error.table_full': 409,
  'error.player_name_taken': 409,
  'error.user_already_playing': 409,
  'error.user_already_joined_game': 409,
  'error.unpaid_orders_block_games': 409,
  'error.order_completed': 409,
  'error.refund_too_large': 409,
  'error.refund_pending': 409,
  'error.refund_refused': 409,
  'error.return_too_many': 409,
  'error.return_amount_changed': 409,
  'error.subscription_already_paused': 409,
  'error.user_has_open_orders': 409,
  'error.table_in_use': 409,
  'error.table_name_taken': 409,
  'error.table_has_bookings': 409,
  'error.table_in_play': 409,
  'error.role_name_taken': 409,
  'error.role_in_use': 409,
  'error.out_of_stock': 409,
  'error.product_at_top': 409,
  'error.payload_too_large': 413,
  'error.table_reserved': 409,
  'error.table_out_of_order': 409,
  'error.reservation_not_found': 404,
  'error.reservation_started': 409,
  'error.no_table_available': 409,
  'error.too_many_reservations': 409,
  'error.too_many_reservation_hours': 409,
  'error.validation_failed': 422,
  'error.passwords_do_not_match': 422,
  'error.rate_limited': 429,
  'error.internal': 500,
  'error.unable_to_generate_token': 500,
  'error.service_unavailable': 503,
};

export function statusOf(key: ErrorKey): number {
  return STATUS[key] ?? 400;
}

export function isErrorKey(value: unknown): value is ErrorKey {
  return ZErrorKey.safeParse(value).success;
}

/**
 * An error as a value: a catalogue key, optionally per-field validation rules.
 * Thrown once at a boundary and turned into an answer in one place.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  /** per-field validation rules (`{ email: 'validation.email' }`) */
  readonly fields: Record<string, string> | undefined;
  /** fields a call's answer keeps on failure too (SPEC §7: `user: null`) */
  readonly extra: Record<string, unknown> | undefined;
  constructor(key: ErrorKey, options: { fields?: Record<string, string>; extra?: Record<string, unknown> } = {}) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.fields = options.fields;
    this.extra = options.extra;
  }
  get status(): number {
    return statusOf(this.key);
  }
}

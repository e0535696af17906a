import { LOCALES } from './locales.ts';
import {
  PASSWORD_MIN,
  withConfirmation,
  zEmail,
  zId,
  zInt,
  zPassword,
  zPasswordTyped,
  zPhone,
  zString,
  zText,
} from './validation.ts';
import { z } from './zod.ts';

export { DEFAULT_LOCALE, LOCALES, SHOP_ROLE_ID, type TLocale } from './locales.ts';
export const ZLocale = z.enum(LOCALES);

export const ZRole = z
  .object({
    id: z.number().int(),
    name: z.string(),
    can_pay_later: z.boolean(),
    home_page: z.string().nullable(),
  })
  .meta({ id: 'Role' });
export type TRole = z.infer<typeof ZRole>;

export const ZUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    phone: z.string(),
    role_id: z.number().int(),
    is_admin: z.boolean(),
    is_verified: z.boolean(),
    email_verified: z.boolean(),
    locale: ZLocale,
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

// --- requests ---------------------------------------------------------------------

const person = {
  name: zText(100),
  surname: zText(100),
  email: zEmail(),
  phone: zPhone(),
};

export const ZRegisterBody = withConfirmation(
  z.object({
    ...person,
    password: zPassword(),
    password_confirmation: zString().min(1),
    locale: ZLocale.optional(),
  }),
).meta({ id: 'RegisterBody' });
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZLoginBody = z.object({ email: zEmail(), password: zPasswordTyped() }).meta({ id: 'LoginBody' });
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZTokenBody = z.object({ token: zString().trim().min(1).max(200) });
export type TTokenBody = z.input<typeof ZTokenBody>;

export const ZResetPasswordBody = z.object({ email: zEmail() });
export type TResetPasswordBody = z.input<typeof ZResetPasswordBody>;

export const ZResetPasswordContinueBody = withConfirmation(
  z.object({
    token: zString().trim().min(1).max(200),
    password: zPassword(),
    password_confirmation: zString().min(1),
  }),
);
export type TResetPasswordContinueBody = z.input<typeof ZResetPasswordContinueBody>;

export const ZChangePasswordBody = withConfirmation(
  z.object({
    current_password: zPasswordTyped(),
    password: zPassword(),
    password_confirmation: zString().min(1),
  }),
);
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

/**
 * SPEC §7: body id, name, surname, email, phone, role (+ the user's language, and for
 * admins whether the address is confirmed, as at the counter).
 */
export const ZUserUpdateBody = z
  .object({
    id: zId(),
    ...person,
    role: zId(),
    is_admin: z.boolean().optional(),
    email_verified: z.boolean().optional(),
    locale: ZLocale.optional(),
  })
  .meta({ id: 'UserUpdateBody' });
export type TUserUpdateBody = z.input<typeof ZUserUpdateBody>;

/** SPEC §7: body name, surname, email, phone, email_verified, role (+ is_admin for admins). */
export const ZUserCreateBody = z
  .object({
    ...person,
    email_verified: z.boolean().default(false),
    role: zId(),
    is_admin: z.boolean().optional(),
    locale: ZLocale.optional(),
  })
  .meta({ id: 'UserCreateBody' });
export type TUserCreateBody = z.input<typeof ZUserCreateBody>;

export const ZUserListQuery = z.object({
  page: zInt(z.number().int().min(1).max(100000)).default(1),
  user: zString().trim().max(100).optional(),
});

export const ZGuestName = z.object({ name: z.string(), last_played_at: z.string() });
export type TGuestName = z.infer<typeof ZGuestName>;

export { PASSWORD_MIN };

export const ZRoleBody = z
  .object({
    name: zText(100),
    can_pay_later: z.boolean().default(false),
    /** where players of this role land after login (an in-app path); role 3 always lands in the shop */
    home_page: z
      .string()
      .trim()
      .max(200)
      .regex(/^\/[\w\-/]*$/, { message: 'validation.invalid' })
      .nullable()
      .default(null),
  })
  .meta({ id: 'RoleBody' });
/** `id` is checked by the service so that a missing one answers `error.id_required` (SPEC §8). */
export const ZRoleUpdateBody = ZRoleBody.extend({ id: zId().optional() }).meta({ id: 'RoleUpdateBody' });

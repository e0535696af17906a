/**
 * The answers of the role reads, loaded with the first read: the login's guard reads the
 * person's role for their start page, and these bring zod, which the first screen goes without.
 */
import { list, one } from '@club/shared/api';
import { ZRole } from '@club/shared/users';

export const ZRolesAnswer = list(ZRole);
export const ZRoleAnswer = one('role', ZRole);

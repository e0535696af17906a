import type { TextGroup } from '../../lib/i18n.ts';

/** The text groups the admins' side navigation (admin-nav.tsx) names its sections from. */
export const ADMIN_NAV_TEXTS: TextGroup[] = ['booking'];

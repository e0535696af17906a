/** The schemas of the waitlist's answers, loaded with the first call that needs them. */
import { list, one } from '@club/shared/api';
import { ZMyWaitlist, ZWaitlistEntry } from '@club/shared/waitlist';

export const ZMyWaitlistAnswer = ZMyWaitlist;
export const ZEntryAnswer = one('entry', ZWaitlistEntry);
export const ZLineAnswer = list(ZWaitlistEntry);

/** The schemas of the push calls' answers, loaded with the first call that needs them. */
export { ZOk } from '@club/shared/api';
export { ZPushKey, ZPushStatus } from '@club/shared/push';

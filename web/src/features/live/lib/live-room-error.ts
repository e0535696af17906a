import type { ErrorKey } from '@club/shared/errors';

/**
 * A room request the gateway refused for good (forbidden, not found, no login). Its own
 * module: the screens' hooks test for it without loading the socket's code.
 */
export class LiveRoomError extends Error {
  readonly key: ErrorKey | 'error.timeout';
  constructor(key: ErrorKey | 'error.timeout') {
    super(key);
    this.name = 'LiveRoomError';
    this.key = key;
  }
}

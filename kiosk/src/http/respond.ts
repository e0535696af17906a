import { clock } from '@club/shared/clock';
import type { AppError, ErrorKey } from '@club/shared/errors';

/** A success answer: `{ success: true, server_time, ...body }`. */
export function ok<T extends object>(body: T = {} as T): { success: true; server_time: string } & T {
  return { success: true, server_time: clock.now().toISOString(), ...body };
}

export interface FailureBody {
  success: false;
  message: ErrorKey;
  errors?: Record<string, string>;
  server_time: string;
  [extra: string]: unknown;
}

export function failureBody(error: AppError): FailureBody {
  return {
    success: false,
    ...error.extra,
    message: error.key,
    ...(error.fields ? { errors: error.fields } : {}),
    server_time: clock.now().toISOString(),
  };
}

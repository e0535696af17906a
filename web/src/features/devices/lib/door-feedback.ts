import type { TDoorOpen } from '@club/shared/devices';
import { ApiError } from '../../../lib/api-client.ts';

/** What the phone says after a try at the door: the words, and how it looks (never colour alone). */
export interface DoorFeedback {
  tone: 'success' | 'warning' | 'error';
  title:
    | 'lights.door.opened'
    | 'lights.door.no_answer'
    | 'lights.door.not_allowed'
    | 'lights.door.too_many'
    | 'lights.door.unavailable';
  /** a second line, when the first alone does not say what to do */
  text?: 'lights.door.not_allowed_text';
}

/**
 * The answer of `POST /v1/door/open` in words. `unconfirmed` is no failure: the pulse went
 * out and the door may well be open, so the player is told to try the handle first.
 */
export function doorFeedback(outcome: { answer: TDoorOpen } | { error: unknown }): DoorFeedback {
  if ('answer' in outcome) {
    return outcome.answer.result === 'opened'
      ? { tone: 'success', title: 'lights.door.opened' }
      : { tone: 'warning', title: 'lights.door.no_answer' };
  }
  const key = outcome.error instanceof ApiError ? outcome.error.key : undefined;
  if (key === 'error.door_not_allowed') {
    return { tone: 'error', title: 'lights.door.not_allowed', text: 'lights.door.not_allowed_text' };
  }
  if (key === 'error.rate_limited') return { tone: 'error', title: 'lights.door.too_many' };
  if (key === 'error.door_unavailable') return { tone: 'error', title: 'lights.door.unavailable' };
  // no answer at all (a timeout, the server gone): whether it opened is not known
  return { tone: 'warning', title: 'lights.door.no_answer' };
}

import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { doorFeedback } from './door-feedback.ts';

describe('what the phone says after a try at the door', () => {
  it('says opened only when the relay confirmed it', () => {
    expect(doorFeedback({ answer: { result: 'opened', grant: 'subscription' } })).toEqual({
      tone: 'success',
      title: 'lights.door.opened',
    });
  });

  it('never calls an unconfirmed pulse a failure: the door may be open', () => {
    expect(doorFeedback({ answer: { result: 'unconfirmed', grant: 'booking' } })).toEqual({
      tone: 'warning',
      title: 'lights.door.no_answer',
    });
  });

  it('words each refusal of the server, and why the door stays shut', () => {
    expect(doorFeedback({ error: new ApiError(403, 'error.door_not_allowed') })).toEqual({
      tone: 'error',
      title: 'lights.door.not_allowed',
      text: 'lights.door.not_allowed_text',
    });
    expect(doorFeedback({ error: new ApiError(429, 'error.rate_limited') }).title).toBe('lights.door.too_many');
    expect(doorFeedback({ error: new ApiError(503, 'error.door_unavailable') }).title).toBe('lights.door.unavailable');
  });

  it('treats no answer at all as unknown, not as refused', () => {
    expect(doorFeedback({ error: new NetworkError(new TypeError('fetch failed')) })).toEqual({
      tone: 'warning',
      title: 'lights.door.no_answer',
    });
  });
});

import { messages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { AppError, httpStatusOf } from './app-error.ts';
import { failureOf } from './error-handler.ts';

describe('AppError', () => {
  it.each([
    ['validation', 422],
    ['bad_request', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['throttled', 429],
    ['unavailable', 503],
  ] as const)('maps %s to HTTP %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
    expect(new AppError(code).httpStatus).toBe(status);
  });

  it('builds the field-error envelope for a validation failure', () => {
    const error = AppError.invalidField('user_email', messages.emailTaken);
    expect(failureOf(error)).toEqual({
      status: 0,
      msg: messages.givenDataInvalid,
      errors: { user_email: [messages.emailTaken] },
    });
  });

  it('carries a wait of whole seconds, at least one, for Retry-After', () => {
    expect(AppError.retryLater('unavailable', 'busy', 0.2).retryAfterSeconds).toBe(1);
    expect(AppError.retryLater('throttled', 'slow down', 41.5)).toMatchObject({
      httpStatus: 429,
      message: 'slow down',
      retryAfterSeconds: 42,
    });
    expect(new AppError('throttled').retryAfterSeconds).toBeUndefined();
  });

  it('leaves errors out of other failures', () => {
    expect(failureOf(new AppError('not_found', messages.activationInvalid))).toEqual({
      status: 0,
      msg: messages.activationInvalid,
    });
  });
});

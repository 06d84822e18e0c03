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

  it('leaves errors out of other failures', () => {
    expect(failureOf(new AppError('not_found', messages.activationInvalid))).toEqual({
      status: 0,
      msg: messages.activationInvalid,
    });
  });
});

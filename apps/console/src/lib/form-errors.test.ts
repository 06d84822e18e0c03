import { loginRequest, messages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { failureMessage, schemaValidator, serverFieldErrors } from './form-errors.ts';
import { initI18n } from './i18n.ts';

describe('form errors', () => {
  it('puts each field first server message under the field, translated when it is a catalogue message', () => {
    const t = initI18n('ar').t;
    const error = new ApiError(messages.givenDataInvalid, 422, {
      user_email: [messages.emailTaken, messages.emailInvalid],
      username: ['custom text'],
    });
    expect(serverFieldErrors(error, t, 'username')).toEqual({
      user_email: 'البريد الإلكتروني مستخدم من قبل',
      username: 'custom text',
    });
  });

  it('shows a string error under the name field', () => {
    const t = initI18n('en').t;
    const error = new ApiError('invalid', 422, 'already been taken');
    expect(serverFieldErrors(error, t, 'service_name')).toEqual({ service_name: 'already been taken' });
  });

  it('validates a form with the contracts schema in the current language', () => {
    const t = initI18n('ar').t;
    const validate = schemaValidator(loginRequest, t);
    expect(validate({ email: 'nope', password: '' })).toEqual({
      email: 'يجب أن يكون البريد الإلكتروني عنوانًا صالحًا',
      password: 'حقل كلمة المرور مطلوب',
    });
    expect(validate({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('falls back when a failure carries no server message', () => {
    const t = initI18n('en').t;
    expect(failureMessage(new ApiError('offline', 0), t, 'Server error')).toBe('Server error');
    expect(failureMessage(new ApiError(messages.oldPasswordWrong, 422), t, 'Server error')).toBe(
      messages.oldPasswordWrong,
    );
  });
});

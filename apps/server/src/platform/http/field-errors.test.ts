import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors.ts';

describe('fieldErrorsOf', () => {
  it('groups messages by field and drops duplicates', () => {
    const errors = fieldErrorsOf([
      { path: '/user_email', message: 'required' },
      { path: '/user_email', message: 'required' },
      { path: '/user_email', message: 'invalid' },
      { path: '/username', message: 'taken' },
    ]);
    expect(errors).toEqual({ user_email: ['required', 'invalid'], username: ['taken'] });
  });

  it('joins nested paths with dots and files form-level issues under _', () => {
    const errors = fieldErrorsOf([
      { path: ['options', 0, 'label'], message: 'required' },
      { path: [], message: 'whole form' },
      { path: '/', message: 'root' },
    ]);
    expect(errors).toEqual({ 'options.0.label': ['required'], _: ['whole form', 'root'] });
  });

  it('reads zod issues directly', () => {
    const result = z.object({ name: z.string().min(3, 'too short') }).safeParse({ name: 'ab' });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual({ name: ['too short'] });
  });
});

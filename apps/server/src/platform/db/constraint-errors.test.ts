import { describe, expect, it } from 'vitest';
import { uniqueViolationColumns } from './constraint-errors.ts';

describe('uniqueViolationColumns', () => {
  it('reads SQLite unique failures', () => {
    const error = { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: users.user_email' };
    expect(uniqueViolationColumns(error)).toEqual(['user_email']);
    const pair = {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: 'UNIQUE constraint failed: services.user_id, services.service_name',
    };
    expect(uniqueViolationColumns(pair)).toEqual(['user_id', 'service_name']);
  });

  it('reads PostgreSQL unique failures', () => {
    const error = { code: '23505', detail: 'Key (user_id, service_name)=(1, x) already exists.' };
    expect(uniqueViolationColumns(error)).toEqual(['user_id', 'service_name']);
  });

  it('answers null for other errors', () => {
    expect(uniqueViolationColumns(new Error('boom'))).toBeNull();
    expect(uniqueViolationColumns({ code: '23503' })).toBeNull();
    expect(uniqueViolationColumns(null)).toBeNull();
  });
});

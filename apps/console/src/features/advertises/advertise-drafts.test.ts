import type { AdvertiseRecord } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { applySaved, draftError, draftOf, draftsOnLoad, newDraft, payloadOf } from './advertise-drafts.ts';

function record(id: number, code: string, overrides: Partial<AdvertiseRecord> = {}): AdvertiseRecord {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id,
    command_id: 3,
    code,
    status: 1,
    random: 0,
    random_ratio: '10',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

describe('advertise drafts', () => {
  it('starts a new ad in edit mode with status 0 and ratio 10', () => {
    expect(newDraft()).toMatchObject({ id: null, code: '', status: 0, random: 0, ratio: 10, mode: 'edit' });
  });

  it('shows saved ads read-only, or one empty ad when the command has none', () => {
    expect(draftsOnLoad([record(1, 'a')])).toMatchObject([{ id: 1, code: 'a', mode: 'view' }]);
    expect(draftsOnLoad([])).toMatchObject([{ id: null, mode: 'edit' }]);
  });

  it('refuses empty code with the spec message', () => {
    expect(draftError({ ...newDraft(), code: '   ' })).toBe('the code field is required');
    expect(draftError({ ...newDraft(), code: '<b>ad</b>' })).toBeNull();
  });

  it('sends the id only for a saved ad, and the ratio as the slider value', () => {
    expect(payloadOf({ ...newDraft(), code: 'x', ratio: 40 })).toEqual({
      code: 'x',
      status: 0,
      random: 0,
      random_ratio: 40,
    });
    expect(payloadOf(draftOf(record(5, 'y')))).toMatchObject({ id: 5, code: 'y' });
  });

  it('gives a saved new ad the id it did not know before and keeps other drafts as they are', () => {
    const kept = { ...draftOf(record(1, 'old')), code: 'edited', mode: 'edit' as const };
    const fresh = { ...newDraft(), code: 'fresh' };
    const other = { ...newDraft(), code: 'still typing' };
    const after = applySaved([kept, fresh, other], fresh.key, [record(1, 'old'), record(9, 'fresh')]);
    expect(after[0]).toEqual(kept);
    expect(after[1]).toMatchObject({ key: fresh.key, id: 9, code: 'fresh', mode: 'view' });
    expect(after[2]).toEqual(other);
  });
});

import { AVATAR_MAX_BYTES } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-file.ts';

function fileOf(type: string, bytes: number) {
  return new File([new Uint8Array(bytes)], 'photo', { type });
}

describe('avatarFileProblem', () => {
  it('accepts a JPEG or PNG within the size limit', () => {
    expect(avatarFileProblem(fileOf('image/jpeg', 1000))).toBeNull();
    expect(avatarFileProblem(fileOf('image/png', AVATAR_MAX_BYTES))).toBeNull();
  });

  it('refuses other types and files over the limit', () => {
    expect(avatarFileProblem(fileOf('image/gif', 10))).toBe('fileTypeUnsupported');
    expect(avatarFileProblem(fileOf('image/png', AVATAR_MAX_BYTES + 1))).toBe('fileTooLarge');
  });
});

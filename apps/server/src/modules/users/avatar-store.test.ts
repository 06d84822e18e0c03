import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@hiwar/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { imageExtensionOf, storeAvatar } from './avatar-store.ts';

describe('imageExtensionOf', () => {
  it('recognises PNG and JPEG by their magic bytes', () => {
    expect(imageExtensionOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe('png');
    expect(imageExtensionOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('jpg');
  });

  it('refuses anything else, including text that names an image type', () => {
    expect(imageExtensionOf(Buffer.from('GIF89a'))).toBeNull();
    expect(imageExtensionOf(Buffer.from('image/png'))).toBeNull();
    expect(imageExtensionOf(Buffer.from('<svg/>'))).toBeNull();
    expect(imageExtensionOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('storeAvatar', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);

  it('writes an accepted image under a random name with the extension of its bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hiwar-avatars-'));
    const name = await storeAvatar(dir, { bytes: jpeg, declaredType: 'image/jpeg' });
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('writes nothing for an unsupported declared type or unknown bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hiwar-avatars-'));
    const refusal = { errors: { avatar: [messages.fileTypeUnsupported] } };
    await expect(storeAvatar(dir, { bytes: jpeg, declaredType: 'image/gif' })).rejects.toMatchObject(refusal);
    await expect(
      storeAvatar(dir, { bytes: Buffer.from('GIF89a'), declaredType: 'image/png' }),
    ).rejects.toMatchObject(refusal);
    expect(readdirSync(dir)).toEqual([]);
  });
});

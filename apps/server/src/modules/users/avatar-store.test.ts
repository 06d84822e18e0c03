import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@hiwar/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { phoneJpeg } from '../../testing/images.ts';
import { storeAvatar } from './avatar-store.ts';

const jpeg = await phoneJpeg();

describe('storeAvatar', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

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

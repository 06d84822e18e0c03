import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSecretBox } from './secret-box.ts';
import { loadSecretKey } from './secret-key.ts';
import { createOpaqueToken, hashToken } from './tokens.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips a secret and never stores it in clear', () => {
    const stored = box.encrypt('smtp-password');
    expect(stored).not.toContain('smtp-password');
    expect(box.decrypt(stored)).toBe('smtp-password');
    expect(box.encrypt('smtp-password')).not.toBe(stored);
  });

  it('refuses a tampered ciphertext and a foreign key', () => {
    const stored = box.encrypt('secret');
    // one character in the middle changed, never to itself: every bit of it counts (a last base64 character may
    // carry padding bits, and the old 'BA' ending rebuilt the original text about one run in 4,000)
    const middle = Math.floor(stored.length / 2);
    const tampered = `${stored.slice(0, middle)}${stored[middle] === 'A' ? 'B' : 'A'}${stored.slice(middle + 1)}`;
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(stored)).toThrow();
  });

  it('keeps empty values empty', () => {
    expect(box.encrypt('')).toBe('');
    expect(box.decrypt('')).toBe('');
  });
});

describe('secret key', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates DATA_DIR/secret.key once and reuses it', () => {
    dir = mkdtempSync(join(tmpdir(), 'hiwar-key-'));
    const first = loadSecretKey(undefined, dir);
    const onDisk = readFileSync(join(dir, 'secret.key'), 'utf8');
    expect(first).toHaveLength(32);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8')).toBe(onDisk);
  });

  it('derives the key from SECRET_KEY when given', () => {
    dir = mkdtempSync(join(tmpdir(), 'hiwar-key-'));
    const key = loadSecretKey('operator secret', dir);
    expect(key.equals(loadSecretKey('operator secret', dir))).toBe(true);
    expect(key.equals(loadSecretKey('another secret', dir))).toBe(false);
  });
});

describe('tokens and passwords', () => {
  it('creates 32-byte base64url tokens and hashes them with SHA-256', () => {
    const token = createOpaqueToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(createOpaqueToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('hashes passwords with argon2id and verifies them', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });
});

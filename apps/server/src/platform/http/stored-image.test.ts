import { describe, expect, it } from 'vitest';
import { imageExtensionOf } from './stored-image.ts';

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

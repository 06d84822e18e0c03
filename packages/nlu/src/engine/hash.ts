// FNV-1a, 32 bits: a fast, stable string hash for feature hashing (the same text gives the same bucket on
// every machine and version of Node).
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** FNV-1a of `tag` then the four bytes of `value`: an integer feature's bucket without building a string. */
export function hashTaggedInt(tag: number, value: number): number {
  let hash = Math.imul(0x811c9dc5 ^ tag, 0x01000193);
  for (let shift = 0; shift < 32; shift += 8) {
    hash ^= (value >>> shift) & 0xff;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A 53-bit content hash (cyrb53) of a string, as hex: the model's `hash`. */
export function contentHash(text: string): string {
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(16).padStart(14, '0');
}

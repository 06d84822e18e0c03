import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect-path.ts';

describe('safeRedirectPath', () => {
  it('keeps console paths and refuses anything else', () => {
    expect(safeRedirectPath('/settings?x=1')).toBe('/settings?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
});

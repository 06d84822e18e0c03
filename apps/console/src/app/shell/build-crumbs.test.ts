import { describe, expect, it } from 'vitest';
import { buildCrumbs } from './build-crumbs.ts';

describe('buildCrumbs', () => {
  it('makes one crumb per segment, each linking to its prefix', () => {
    expect(buildCrumbs('/services/12/commands/0')).toEqual([
      { kind: 'segment', path: '/services', segment: 'services' },
      { kind: 'id', path: '/services/12', id: '12', parentSegment: 'services' },
      { kind: 'segment', path: '/services/12/commands', segment: 'commands' },
      { kind: 'new', path: '/services/12/commands/0' },
    ]);
  });

  it('reads a number as the first segment as a page name', () => {
    expect(buildCrumbs('/404')).toEqual([{ kind: 'segment', path: '/404', segment: '404' }]);
  });

  it('has no crumbs at the root and ignores a trailing slash', () => {
    expect(buildCrumbs('/')).toEqual([]);
    expect(buildCrumbs('/settings/')).toEqual([{ kind: 'segment', path: '/settings', segment: 'settings' }]);
  });
});

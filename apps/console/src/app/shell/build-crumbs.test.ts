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

  it('reads 0 as all maps, not a new record, where it filters the locations', () => {
    expect(buildCrumbs('/locations/0/7')).toEqual([
      { kind: 'segment', path: '/locations', segment: 'locations' },
      { kind: 'all', path: '/locations/0' },
      { kind: 'id', path: '/locations/0/7', id: '7', parentSegment: '0' },
    ]);
    expect(buildCrumbs('/locations/3/0').at(-1)).toEqual({ kind: 'new', path: '/locations/3/0' });
  });

  it('reads the segment after a response editor step as the response type', () => {
    expect(buildCrumbs('/services/3/commands/5/result/options/api').at(-1)).toEqual({
      kind: 'responseType',
      path: '/services/3/commands/5/result/options/api',
      type: 'api',
    });
    expect(buildCrumbs('/dataset/7/data').at(-1)).toEqual({
      kind: 'segment',
      path: '/dataset/7/data',
      segment: 'data',
    });
  });

  it('reads a sender key after conversations as an id, and the inbox as a screen', () => {
    expect(buildCrumbs('/conversations/web%3A4f2a').at(-1)).toEqual({
      kind: 'id',
      path: '/conversations/web:4f2a',
      id: 'web:4f2a',
      parentSegment: 'conversations',
    });
    expect(buildCrumbs('/conversations/not-understood').at(-1)).toEqual({
      kind: 'segment',
      path: '/conversations/not-understood',
      segment: 'not-understood',
    });
  });

  it('reads a number as the first segment as a page name', () => {
    expect(buildCrumbs('/404')).toEqual([{ kind: 'segment', path: '/404', segment: '404' }]);
  });

  it('has no crumbs at the root and ignores a trailing slash', () => {
    expect(buildCrumbs('/')).toEqual([]);
    expect(buildCrumbs('/settings/')).toEqual([{ kind: 'segment', path: '/settings', segment: 'settings' }]);
  });
});

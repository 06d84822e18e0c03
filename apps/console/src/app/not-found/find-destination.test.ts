import { describe, expect, it } from 'vitest';
import { findDestination } from './find-destination.ts';

const pages = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/dataset', label: 'مجموعات البيانات' },
  { path: '/settings', label: 'Settings' },
];

describe('findDestination', () => {
  it('goes to the page whose name or path matches, ignoring case', () => {
    expect(findDestination('sett', pages)).toBe('/settings');
    expect(findDestination('البيانات', pages)).toBe('/dataset');
    expect(findDestination('DATASET', pages)).toBe('/dataset');
  });

  it('searches the services for anything else', () => {
    expect(findDestination(' pizza bot ', pages)).toBe('/services?search=pizza%20bot');
  });
});

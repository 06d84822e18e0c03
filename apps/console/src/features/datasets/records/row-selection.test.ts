import { describe, expect, it } from 'vitest';
import { nextSelection, noSelection, selectionModeOf } from './row-selection.ts';

const ids = [10, 11, 12, 13, 14];

describe('nextSelection', () => {
  it('selects only the clicked row on a plain click', () => {
    expect(nextSelection({ selected: [10, 11], anchor: 10 }, ids, 13, 'only')).toEqual({
      selected: [13],
      anchor: 13,
    });
  });

  it('adds or removes a row on a toggle', () => {
    const added = nextSelection({ selected: [10], anchor: 10 }, ids, 12, 'toggle');
    expect(added.selected).toEqual([10, 12]);
    expect(nextSelection(added, ids, 10, 'toggle').selected).toEqual([12]);
  });

  it('adds the rows from the anchor to the clicked one on a range, either way up', () => {
    expect(nextSelection({ selected: [13], anchor: 13 }, ids, 11, 'range')).toEqual({
      selected: [13, 11, 12],
      anchor: 13,
    });
  });

  it('selects the clicked row alone when a range has no anchor', () => {
    expect(nextSelection(noSelection, ids, 12, 'range')).toEqual({ selected: [12], anchor: 12 });
  });
});

describe('selectionModeOf', () => {
  const click = { shiftKey: false, ctrlKey: false, metaKey: false };
  it('reads Shift as a range, Ctrl or ⌘ or a checkbox as a toggle', () => {
    expect(selectionModeOf({ ...click, shiftKey: true }, true)).toBe('range');
    expect(selectionModeOf({ ...click, metaKey: true }, false)).toBe('toggle');
    expect(selectionModeOf(click, true)).toBe('toggle');
    expect(selectionModeOf(click, false)).toBe('only');
  });
});

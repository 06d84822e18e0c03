import { useCallback, useEffect, useMemo, useState } from 'react';

/** How a click changes the selection: a plain row click, a checkbox or Ctrl/⌘ click, a Shift click. */
export type SelectionMode = 'only' | 'toggle' | 'range';

export interface Selection {
  selected: number[];
  /** where the next Shift click's range starts */
  anchor: number | null;
}

export const noSelection: Selection = { selected: [], anchor: null };

/** The selection after clicking the row `clicked` among `ids` (the page's rows in order). */
export function nextSelection(
  current: Selection,
  ids: number[],
  clicked: number,
  mode: SelectionMode,
): Selection {
  if (mode === 'only') return { selected: [clicked], anchor: clicked };
  if (mode === 'toggle') {
    const selected = current.selected.includes(clicked)
      ? current.selected.filter((id) => id !== clicked)
      : [...current.selected, clicked];
    return { selected, anchor: clicked };
  }
  const from = current.anchor === null ? -1 : ids.indexOf(current.anchor);
  const to = ids.indexOf(clicked);
  if (from === -1 || to === -1) return { selected: [clicked], anchor: clicked };
  const range = ids.slice(Math.min(from, to), Math.max(from, to) + 1);
  return { selected: [...new Set([...current.selected, ...range])], anchor: current.anchor };
}

/** The mode a mouse click asks for; `isCheckbox` clicks toggle rather than select one row. */
export function selectionModeOf(
  event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  isCheckbox: boolean,
) {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey || isCheckbox) return 'toggle';
  return 'only';
}

/**
 * The grid's selected rows among `ids` (the rows shown). A new page or search (`resetKey`) starts empty, so a
 * Delete never reaches rows the owner cannot see.
 */
export function useRowSelection(ids: number[], resetKey: string) {
  const [selection, setSelection] = useState<Selection>(noSelection);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the rows shown; a new one empties the selection.
  useEffect(() => setSelection(noSelection), [resetKey]);

  const selectedIds = useMemo(
    () => ids.filter((id) => selection.selected.includes(id)),
    [ids, selection.selected],
  );
  const select = useCallback(
    (clicked: number, mode: SelectionMode) =>
      setSelection((current) => nextSelection(current, ids, clicked, mode)),
    [ids],
  );
  const toggleAll = useCallback(
    () =>
      setSelection((current) =>
        ids.every((id) => current.selected.includes(id)) ? noSelection : { selected: [...ids], anchor: null },
      ),
    [ids],
  );
  const clear = useCallback(() => setSelection(noSelection), []);
  return { selectedIds, select, toggleAll, clear };
}

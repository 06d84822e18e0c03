import type { FallbackOption } from '@hiwar/contracts';

export type OptionModalMode = { mode: 'new' } | { mode: 'edit'; index: number };

/**
 * The options after the modal's save. Spec §5: label and value must both be non-empty, and a label already in
 * use by another option is rejected silently — the list comes back unchanged and `isAccepted` is false.
 */
export function applyFallbackOption(
  options: readonly FallbackOption[],
  option: FallbackOption,
  target: OptionModalMode,
): { options: FallbackOption[]; isAccepted: boolean } {
  const label = option.label.trim();
  const val = option.val.trim();
  const editedIndex = target.mode === 'edit' ? target.index : -1;
  const isTaken = options.some((other, index) => index !== editedIndex && other.label.trim() === label);
  if (label === '' || val === '' || isTaken) return { options: [...options], isAccepted: false };
  const cleaned = { ...option, label, val };
  if (target.mode === 'new') return { options: [...options, cleaned], isAccepted: true };
  return {
    options: options.map((other, index) => (index === editedIndex ? cleaned : other)),
    isAccepted: true,
  };
}

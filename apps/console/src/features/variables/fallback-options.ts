export interface FallbackOption {
  label: string;
  val: string;
}

export type OptionProblem = 'labelRequired' | 'valueRequired' | 'labelTaken';

/**
 * Adds an option, or replaces the one at `editingIndex`. Label and value are required and labels are unique
 * (the option being edited may keep its own label).
 */
export function saveOption(
  options: readonly FallbackOption[],
  option: FallbackOption,
  editingIndex: number | null,
): { options: FallbackOption[] } | { problem: OptionProblem } {
  const label = option.label.trim();
  const val = option.val.trim();
  if (label === '') return { problem: 'labelRequired' };
  if (val === '') return { problem: 'valueRequired' };
  const isTaken = options.some(
    (existing, index) => index !== editingIndex && existing.label.trim() === label,
  );
  if (isTaken) return { problem: 'labelTaken' };
  if (editingIndex === null) return { options: [...options, { label, val }] };
  return { options: options.map((existing, index) => (index === editingIndex ? { label, val } : existing)) };
}

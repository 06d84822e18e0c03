/**
 * A ref for a Mantine TextInput whose text may be Arabic or not. Mantine puts a TextInput's `dir` on its
 * wrapper, where `auto` cannot see the typed text; on the input itself an Arabic text reads right to left and an
 * English one left to right, whatever the console's language.
 */
export function followOwnDirection(input: HTMLInputElement | null) {
  input?.setAttribute('dir', 'auto');
}

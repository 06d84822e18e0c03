import { createTheme } from '@mantine/core';

// System fonts only: Segoe UI, Noto Sans Arabic, Geeza Pro, Tahoma and DejaVu Sans all carry Arabic glyphs.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Geeza Pro", Tahoma, "DejaVu Sans", Arial, sans-serif';

/**
 * Fields hold what owners and senders write, in either language: `dir="auto"` on the input element itself lays
 * an Arabic text out right to left in the English console and an English one left to right in the Arabic
 * console. (Mantine's `dir` prop lands on the wrapper, where `auto` cannot see the typed text.) A field that
 * passes its own `attributes` replaces this default. Plain objects, not `TextInput.extend`: importing the
 * components here would put them all in the first load.
 */
const ownTextInput = { attributes: { input: { dir: 'auto' } } };
/** A tag input (TagsInput, MultiSelect) types into a PillsInput field inside the box that holds the tags. */
const ownPillsField = { dir: 'auto' };

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily,
  headings: { fontFamily, fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    TextInput: { defaultProps: ownTextInput },
    Textarea: { defaultProps: ownTextInput },
    PillsInputField: { defaultProps: ownPillsField },
    Autocomplete: { defaultProps: ownTextInput },
    Select: { defaultProps: ownTextInput },
  },
});

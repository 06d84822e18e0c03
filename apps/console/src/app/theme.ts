import { createTheme } from '@mantine/core';

// System fonts only: Segoe UI, Noto Sans Arabic, Geeza Pro, Tahoma and DejaVu Sans all carry Arabic glyphs.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Geeza Pro", Tahoma, "DejaVu Sans", Arial, sans-serif';

/**
 * An invisible placeholder, so that `:placeholder-shown` tells an empty field in CSS (text-direction.css: an empty
 * field keeps the page's direction). A field's own placeholder replaces it.
 */
const EMPTY_FIELD_PLACEHOLDER = ' ';

/**
 * Fields hold what owners and senders write, in either language: `dir="auto"` on the input element itself lays
 * an Arabic text out right to left in the English console and an English one left to right in the Arabic
 * console. (Mantine's `dir` prop lands on the wrapper, where `auto` cannot see the typed text.) A field that
 * passes its own `attributes` replaces this default. Pickers (Select, Autocomplete) keep the page's
 * direction: their chevron and clear button take more room than Mantine pads a field whose text runs the other
 * way. Plain objects, not `TextInput.extend`: importing the components here would put them all in the first load.
 */
const ownTextInput = { attributes: { input: { dir: 'auto' } }, placeholder: EMPTY_FIELD_PLACEHOLDER };
/** A tag input (TagsInput, MultiSelect) types into a PillsInput field inside the box that holds the tags. */
const ownPillsField = { dir: 'auto', placeholder: EMPTY_FIELD_PLACEHOLDER };

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
  },
});

import { createTheme } from '@mantine/core';

// System fonts only: Segoe UI, Noto Sans Arabic, Geeza Pro, Tahoma and DejaVu Sans all carry Arabic glyphs.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Geeza Pro", Tahoma, "DejaVu Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily,
  headings: { fontFamily, fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
  },
});

import type { LocalizedTexts } from '@hiwar/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render-app.tsx';
import { TextVersions } from './text-versions.tsx';

function Harness({ initial, seen }: { initial?: LocalizedTexts; seen: (LocalizedTexts | undefined)[] }) {
  const [value, setValue] = useState<LocalizedTexts | undefined>(initial);
  return (
    <TextVersions
      label="Fallback message"
      plainLanguage="en"
      value={value}
      onChange={(versions) => {
        seen.push(versions);
        setValue(versions);
      }}
      multiline
    />
  );
}

describe('a text’s versions in other languages', () => {
  it('asks for the languages other than the plain field’s, Arabic right to left, and drops an emptied one', async () => {
    const seen: (LocalizedTexts | undefined)[] = [];
    renderAt(<Harness seen={seen} />, '/', 'en');
    const toggle = screen.getByRole('button', { name: 'Other languages' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const arabic = await screen.findByRole('textbox', { name: 'Fallback message in Arabic' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('textbox', { name: 'Fallback message in German' }).getAttribute('dir')).toBe(
      'ltr',
    );
    expect(screen.queryByRole('textbox', { name: 'Fallback message in English' })).toBeNull();

    fireEvent.change(arabic, { target: { value: 'عذراً' } });
    expect(seen.at(-1)).toEqual({ ar: 'عذراً' });
    expect(screen.getByRole('button', { name: 'Other languages (1 written)' })).toBeDefined();
    fireEvent.change(arabic, { target: { value: ' ' } });
    expect(seen.at(-1)).toBeUndefined();
  });

  it('opens by itself when versions are written', () => {
    renderAt(<Harness seen={[]} initial={{ de: 'Wie bitte?' }} />, '/', 'ar');
    const toggle = screen.getByRole('button', { name: 'لغات أخرى (مكتوبة: 1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      (screen.getByRole('textbox', { name: 'Fallback message (الألمانية)' }) as HTMLTextAreaElement).value,
    ).toBe('Wie bitte?');
  });
});

import { TagsInput, Textarea, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';

function renderInConsole(element: React.ReactNode, language: 'en' | 'ar') {
  return render(
    <Providers i18n={initI18n(language)} queryClient={createQueryClient()} env="test">
      {element}
    </Providers>,
  );
}

describe('the theme', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`lays every text field's own text out by its first letter (dir=auto on the input, ${language} console)`, () => {
      renderInConsole(
        <>
          <TextInput label="name" />
          <TextInput label="wrapped" dir="ltr" />
          <Textarea label="reply" />
          <TagsInput label="tags" />
        </>,
        language,
      );
      const fields = [
        ...['name', 'wrapped', 'reply'].map((name) => screen.getByRole('textbox', { name })),
        screen.getByRole('combobox', { name: 'tags' }),
      ];
      for (const field of fields)
        expect(field.getAttribute('dir'), field.outerHTML.slice(0, 200)).toBe('auto');
    });
  }

  it('gives an empty field a placeholder, so CSS keeps it in the page direction until text is typed', () => {
    renderInConsole(
      <>
        <Textarea label="reply" />
        <TextInput label="named" placeholder="Type here" />
      </>,
      'ar',
    );
    expect(screen.getByRole('textbox', { name: 'reply' }).getAttribute('placeholder')).toBe(' ');
    expect(screen.getByRole('textbox', { name: 'named' }).getAttribute('placeholder')).toBe('Type here');
  });

  it('leaves a field its own attributes', () => {
    renderInConsole(<TextInput label="url" attributes={{ input: { dir: 'ltr' } }} />, 'ar');
    expect(screen.getByLabelText('url').getAttribute('dir')).toBe('ltr');
  });
});

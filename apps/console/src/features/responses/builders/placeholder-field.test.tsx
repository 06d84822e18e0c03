import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render-app.tsx';
import { PlaceholderInput, PlaceholderTextarea } from './placeholder-field.tsx';

const lists = { v: ['city', 'spot'], d: ['price', 'name'], m: [], f: ['title'] };

function Field({ multiline }: { multiline?: boolean }) {
  const [value, setValue] = useState('');
  const Component = multiline ? PlaceholderTextarea : PlaceholderInput;
  return <Component label="Message" value={value} onChange={setValue} lists={lists} />;
}

function type(field: HTMLElement, text: string) {
  fireEvent.change(field, {
    target: { value: text, selectionStart: text.length, selectionEnd: text.length },
  });
}

describe('placeholder fields', () => {
  it('offers the variables on @v and inserts the picked one as {{name}} with the keyboard', () => {
    renderAt(<Field />);
    const field = screen.getByRole('combobox', { name: 'Message' }) as HTMLInputElement;
    type(field, 'Hello @v');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '{{city}}',
      '{{spot}}',
    ]);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: '{{spot}}' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field.value).toBe('Hello {{spot}}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('filters by what follows the token, and a click on a dataset column inserts it in a textarea', () => {
    renderAt(<Field multiline />);
    const field = screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
    type(field, 'Costs @dpr');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['{{price}}']);
    fireEvent.mouseDown(screen.getByRole('option', { name: '{{price}}' }));
    expect(field.value).toBe('Costs {{price}}');
  });

  it('opens nothing for a kind without names, and Escape closes the list', () => {
    renderAt(<Field />);
    const field = screen.getByRole('combobox', { name: 'Message' });
    type(field, '@m');
    expect(screen.queryByRole('listbox')).toBeNull();
    type(field, '@f');
    expect(screen.getByRole('listbox')).toBeDefined();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

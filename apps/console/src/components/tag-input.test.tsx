import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render-app.tsx';
import { TagInput } from './tag-input.tsx';

function StopWords({ initial = [] }: { initial?: string[] }) {
  const [words, setWords] = useState(initial);
  return (
    <>
      <TagInput label="Stop words" value={words} onChange={setWords} />
      <output data-testid="words">{words.join('|')}</output>
    </>
  );
}

const wordsShown = () => screen.getByTestId('words').textContent;

/** Typing happens in the focused field (the input ignores writes to an unfocused field, like autofill). */
function typeInto(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
}

describe('tag input', () => {
  it('adds the typed value as a tag on Enter', () => {
    renderAt(<StopWords />);
    const input = screen.getByRole('combobox', { name: 'Stop words' });
    typeInto(input, 'please');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(wordsShown()).toBe('please');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('adds the typed value as a tag when the field loses focus', () => {
    renderAt(<StopWords initial={['please']} />);
    const input = screen.getByRole('combobox', { name: 'Stop words' });
    typeInto(input, 'kindly');
    act(() => input.blur());
    expect(wordsShown()).toBe('please|kindly');
  });

  it('does not add a value twice', () => {
    renderAt(<StopWords initial={['please']} />);
    const input = screen.getByRole('combobox', { name: 'Stop words' });
    typeInto(input, 'Please');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(wordsShown()).toBe('please');
  });
});

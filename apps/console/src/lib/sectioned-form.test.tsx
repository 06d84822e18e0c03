import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SectionedForm } from './sectioned-form.tsx';

function renderForm() {
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  render(
    <SectionedForm onSubmit={onSubmit}>
      <input aria-label="Name" />
      <input aria-label="Width" type="number" />
      <textarea aria-label="Welcome" />
      <button type="submit">Save</button>
    </SectionedForm>,
  );
  return onSubmit;
}

describe('a form of several sections', () => {
  it('keeps Enter in a single-line field from submitting it', () => {
    renderForm();
    // fireEvent answers false when the default action (the browser's implicit submit) was prevented
    expect(fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('Width'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'a' })).toBe(true);
  });

  it('leaves a new line in a text area, Enter while composing, and the submit button alone', () => {
    const onSubmit = renderForm();
    expect(fireEvent.keyDown(screen.getByLabelText('Welcome'), { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Enter', isComposing: true })).toBe(true);
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Save' }), { key: 'Enter' })).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { describeInvalidField, findFirstInvalidField } from './invalid-field.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function page(html: string): HTMLElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form') as HTMLElement;
}

describe('the first field with a message', () => {
  it('is named by its section, its rows and its label, without the required asterisk', () => {
    const form = page(`
      <section data-form-section="Main Info"><label for="a">Name</label><input id="a"></section>
      <section data-form-section="Persistent Menu">
        <div data-form-row="Default menu">
          <div data-form-row="Item 1"><label for="b">Title<span aria-hidden="true"> *</span></label>
            <input id="b" aria-invalid="true" aria-describedby="b-description b-error">
            <p id="b-description">30 characters</p><p id="b-error">The title field is required</p></div>
        </div>
      </section>
      <section data-form-section="Web Messenger"><input aria-invalid="true" aria-label="Width"></section>`);
    const field = findFirstInvalidField(form);
    expect(field?.element.id).toBe('b');
    expect(field && describeInvalidField(field, ' → ')).toBe(
      'Persistent Menu → Default menu → Item 1 → Title: The title field is required',
    );
  });

  it('can be an error shown under a list rather than an input', () => {
    const form = page(`<section data-form-section="Menu"><p data-form-error>At most 8 items</p></section>`);
    const field = findFirstInvalidField(form);
    expect(field && describeInvalidField(field, ' ← ')).toBe('Menu: At most 8 items');
  });

  it('is none when no field shows a message', () => {
    expect(findFirstInvalidField(page('<input aria-invalid="false">'))).toBeNull();
  });
});

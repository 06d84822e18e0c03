/**
 * Where the first field with a message sits in a long form, read from the page as the owner sees it: the
 * titled section and rows around it (marked with `formSection` and `formRow`), the field's label and its message.
 */

const SECTION_ATTRIBUTE = 'data-form-section';
const ROW_ATTRIBUTE = 'data-form-row';
/** An error shown on its own, not under an input (a list's "at most 8 items"). */
const ERROR_ATTRIBUTE = 'data-form-error';

/** Spread on a form section's outer element: `<Card {...formSection('Persistent Menu')}>`. */
export const formSection = (title: string) => ({ [SECTION_ATTRIBUTE]: title });
/** Spread on a repeated part inside a section: `<Paper {...formRow('Item 2')}>`. */
export const formRow = (label: string) => ({ [ROW_ATTRIBUTE]: label });
/** Spread on an error text that belongs to no single input. */
export const formError = { [ERROR_ATTRIBUTE]: true };

export interface InvalidField {
  /** the input to scroll to and focus, or the standalone error text */
  element: HTMLElement;
  /** the section's title, then each row's label, outermost first */
  place: string[];
  /** the field's label ('' for a standalone error) */
  label: string;
  message: string;
}

/** A label's text without the required asterisk (Mantine renders it as its own hidden-from-readers span). */
function visibleLabelText(label: Element): string {
  const copy = label.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s*\*\s*$/, '').trim();
}

function labelOf(element: HTMLElement): string {
  const label =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element.labels?.[0]
      : undefined;
  if (label) return visibleLabelText(label);
  const labelledBy = element.getAttribute('aria-labelledby');
  const byId = labelledBy ? element.ownerDocument.getElementById(labelledBy.split(' ')[0] ?? '') : null;
  if (byId) return visibleLabelText(byId);
  return element.getAttribute('aria-label') ?? '';
}

/** The input's error text: the element its aria-describedby names that is an error (Mantine: `{id}-error`). */
function messageOf(element: HTMLElement): string {
  if (element.hasAttribute(ERROR_ATTRIBUTE)) return (element.textContent ?? '').trim();
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const errorId = ids.find((id) => id.endsWith('-error')) ?? ids[0];
  const error = errorId ? element.ownerDocument.getElementById(errorId) : null;
  return (error?.textContent ?? '').trim();
}

function placeOf(element: HTMLElement, container: Element): string[] {
  const place: string[] = [];
  for (let node = element.parentElement; node && node !== container; node = node.parentElement) {
    const row = node.getAttribute(ROW_ATTRIBUTE);
    if (row) place.unshift(row);
    const section = node.getAttribute(SECTION_ATTRIBUTE);
    if (section) place.unshift(section);
  }
  return place;
}

/** The first field with a message in page order, or null when none shows one. */
export function findFirstInvalidField(container: Element): InvalidField | null {
  const element = container.querySelector<HTMLElement>(`[aria-invalid="true"], [${ERROR_ATTRIBUTE}]`);
  if (!element) return null;
  return {
    element,
    place: placeOf(element, container),
    label: element.hasAttribute(ERROR_ATTRIBUTE) ? '' : labelOf(element),
    message: messageOf(element),
  };
}

/** "Persistent Menu → Default menu → Item 2 → Title (level 1): The title field is required". */
export function describeInvalidField(field: InvalidField, separator: string): string {
  const where = [...field.place, field.label].filter(Boolean).join(separator);
  if (!where) return field.message;
  return field.message ? `${where}: ${field.message}` : where;
}

/** Brings the field to the middle of the window and puts the cursor in it. */
export function revealInvalidField(field: InvalidField): void {
  // jsdom has no scrollIntoView
  field.element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  field.element.focus({ preventScroll: true });
}

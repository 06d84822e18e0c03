import type { KeyboardEvent } from 'react';

/**
 * The one rule for an example's text box, on the command's examples tab and on the scenario screen alike: Enter
 * saves that example (and only it: the form around it is not submitted). Shift+Enter and the Enter that ends an
 * input method's composition (Arabic, for one) are left to the text box.
 */
export function saveOnEnter(save: () => void) {
  return (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    save();
  };
}

import { el } from './dom.ts';
import type { Strings } from './i18n.ts';
import { createSpeechInput, type RecognitionConstructor } from './speech.ts';

export interface ComposerOptions {
  strings: Strings;
  onSend(text: string): void;
  /** speech input: the browser's recognition and the bot's voice language; null hides the mic */
  speech: { Recognition: RecognitionConstructor; lang: string } | null;
}

function speechButton(options: ComposerOptions, input: HTMLTextAreaElement): HTMLElement | null {
  if (!options.speech) return null;
  const { strings } = options;
  const button = el(
    'button',
    { type: 'button', class: 'icon-button mic-button', 'aria-label': strings.speak },
    ['🎤'],
  );
  const speech = createSpeechInput(options.speech.Recognition, {
    lang: options.speech.lang,
    onTranscript(text) {
      input.value = input.value ? `${input.value} ${text}` : text;
      input.dir = 'auto';
      input.focus();
    },
    onListening(isListening) {
      button.classList.toggle('listening', isListening);
      button.setAttribute('aria-label', isListening ? strings.listening : strings.speak);
      input.placeholder = isListening ? strings.listening : strings.inputPlaceholder;
    },
  });
  button.addEventListener('click', () => speech.toggle());
  return button;
}

/** A box as tall as its lines, up to the CSS max-height (then it scrolls). */
function growToFit(input: HTMLTextAreaElement): void {
  input.style.height = 'auto';
  if (input.value !== '') input.style.height = `${input.scrollHeight + 2}px`;
}

/** The text box with Send (Enter sends, Shift+Enter breaks the line) and, when voice is on, the mic. */
export function createComposer(options: ComposerOptions): HTMLFormElement {
  const { strings } = options;
  const input = el('textarea', {
    class: 'composer-input',
    rows: '1',
    placeholder: strings.inputPlaceholder,
    'aria-label': strings.inputPlaceholder,
    maxlength: '4000',
  });
  const form = el('form', { class: 'composer' }, [
    input,
    speechButton(options, input),
    el('button', { type: 'submit', class: 'send-button', 'aria-label': strings.send }, [strings.send]),
  ]);
  const submit = () => {
    const text = input.value.trim();
    if (text === '') return;
    input.value = '';
    input.removeAttribute('dir');
    growToFit(input);
    options.onSend(text);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  // typed text follows its own direction; the empty box (and its placeholder) follows the messenger's
  input.addEventListener('input', () => {
    if (input.value === '') input.removeAttribute('dir');
    else input.dir = 'auto';
    growToFit(input);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  return form;
}

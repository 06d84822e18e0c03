import { el } from './dom.ts';
import type { Strings } from './i18n.ts';
import { createRecorderInput, type RecorderPlatform, type RecorderState } from './recorder.ts';
import { createSpeechInput, type RecognitionConstructor, type SpeechInput } from './speech.ts';

/**
 * Speech input: the browser's own recognition in the bot's voice language (the transcript goes into the box), or,
 * where there is none, a recording the server transcribes (the transcript is sent).
 */
export type ComposerSpeech =
  | { Recognition: RecognitionConstructor; lang: string }
  | { recorder: RecorderPlatform; transcribe(audio: Blob): Promise<string> };

export interface ComposerOptions {
  strings: Strings;
  onSend(text: string): void;
  /** null hides the mic */
  speech: ComposerSpeech | null;
}

const FAILED_NOTICE_MS = 4000;

/** A microphone drawn in SVG: an emoji needs a colour emoji font, which many systems lack. */
function micIcon(document: Document): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '20',
    height: '20',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'aria-hidden': 'true',
  })) {
    svg.setAttribute(name, value);
  }
  const path = document.createElementNS(ns, 'path');
  path.setAttribute(
    'd',
    'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3M8 21h8',
  );
  svg.appendChild(path);
  return svg;
}

function recorderInput(
  speech: Extract<ComposerSpeech, { recorder: RecorderPlatform }>,
  options: ComposerOptions,
  button: HTMLButtonElement,
  input: HTMLTextAreaElement,
): SpeechInput {
  const { strings } = options;
  const placeholders: Record<RecorderState, string> = {
    idle: strings.inputPlaceholder,
    recording: strings.recording,
    transcribing: strings.transcribing,
    failed: strings.speechFailed,
  };
  let failedTimer: ReturnType<typeof setTimeout> | undefined;
  return createRecorderInput({
    platform: speech.recorder,
    transcribe: speech.transcribe,
    onTranscript: (text) => options.onSend(text),
    onState(state) {
      clearTimeout(failedTimer);
      button.classList.toggle('recording', state === 'recording');
      button.disabled = state === 'transcribing';
      button.setAttribute('aria-label', state === 'recording' ? strings.recording : strings.speak);
      input.placeholder = placeholders[state];
      // the failure is said in the box for a moment, then the box is a box again
      if (state === 'failed') {
        failedTimer = setTimeout(() => {
          input.placeholder = strings.inputPlaceholder;
        }, FAILED_NOTICE_MS);
      }
    },
  });
}

function speechButton(options: ComposerOptions, input: HTMLTextAreaElement): HTMLElement | null {
  if (!options.speech) return null;
  const { strings } = options;
  const button = el(
    'button',
    { type: 'button', class: 'icon-button mic-button', 'aria-label': strings.speak },
    [micIcon(input.ownerDocument)],
  );
  if ('recorder' in options.speech) {
    const recorder = recorderInput(options.speech, options, button, input);
    button.addEventListener('click', () => recorder.toggle());
    return button;
  }
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

/** The part of the Web Speech API the messenger uses (Chromium still names it webkitSpeechRecognition). */
export interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}

export type RecognitionConstructor = new () => Recognition;

export function findSpeechRecognition(window: Window): RecognitionConstructor | null {
  const candidates = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return candidates.SpeechRecognition ?? candidates.webkitSpeechRecognition ?? null;
}

export interface SpeechInput {
  toggle(): void;
}

export interface SpeechInputOptions {
  lang: string;
  onTranscript(text: string): void;
  onListening(isListening: boolean): void;
}

/** One utterance per press of the mic button; pressing again while listening stops. */
export function createSpeechInput(
  Constructor: RecognitionConstructor,
  options: SpeechInputOptions,
): SpeechInput {
  let active: Recognition | null = null;

  function finish(): void {
    active = null;
    options.onListening(false);
  }

  return {
    toggle() {
      if (active) {
        active.stop();
        return;
      }
      const recognition = new Constructor();
      recognition.lang = options.lang;
      recognition.interimResults = false;
      recognition.maxAlternatives = 1;
      recognition.onresult = (event) => {
        const transcript = Array.from(event.results)
          .map((result) => result[0]?.transcript ?? '')
          .join(' ')
          .trim();
        if (transcript !== '') options.onTranscript(transcript);
      };
      recognition.onend = finish;
      recognition.onerror = finish;
      active = recognition;
      options.onListening(true);
      recognition.start();
    },
  };
}

import type { SpeechInput } from './speech.ts';

/**
 * Speech where the browser has no speech recognition (Firefox): the messenger records a few seconds with
 * MediaRecorder and the Hiwar server transcribes them with the provider the owner configured
 * (`POST …/transcribe`); the text is then sent as the visitor's message.
 */

/** The part of MediaRecorder the messenger uses. */
export interface AudioRecorder {
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  start(): void;
  stop(): void;
}

export interface RecorderPlatform {
  getUserMedia(constraints: { audio: true }): Promise<MediaStream>;
  createRecorder(stream: MediaStream, mimeType: string | undefined): AudioRecorder;
  isTypeSupported(mimeType: string): boolean;
}

/** What the server takes, in the order browsers record best (Chromium webm, Firefox ogg, Safari mp4). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

/** MediaRecorder and the microphone, when the page may use both; null otherwise. */
export function findRecorderPlatform(window: Window): RecorderPlatform | null {
  const Recorder = (window as unknown as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
  const devices = window.navigator.mediaDevices;
  if (!Recorder || typeof devices?.getUserMedia !== 'function') return null;
  return {
    getUserMedia: (constraints) => devices.getUserMedia(constraints),
    createRecorder: (stream, mimeType) =>
      new Recorder(stream, mimeType ? { mimeType } : {}) as unknown as AudioRecorder,
    isTypeSupported: (mimeType) => Recorder.isTypeSupported?.(mimeType) ?? false,
  };
}

export type RecorderState = 'idle' | 'recording' | 'transcribing' | 'failed';

export interface RecorderInputOptions {
  platform: RecorderPlatform;
  transcribe(audio: Blob): Promise<string>;
  onTranscript(text: string): void;
  onState(state: RecorderState): void;
  /** a recording stops by itself after this long (15 s unless given) */
  maxMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Press to record, press again (or wait 15 s) to send for transcription; one recording at a time. */
export function createRecorderInput(options: RecorderInputOptions): SpeechInput {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let state: RecorderState = 'idle';
  let active: { recorder: AudioRecorder; timer: unknown } | null = null;
  const setState = (next: RecorderState) => {
    state = next;
    options.onState(next);
  };

  async function finish(recorder: AudioRecorder, stream: MediaStream, chunks: Blob[]) {
    for (const track of stream.getTracks()) track.stop();
    const audio = new Blob(chunks, { type: recorder.mimeType.split(';')[0] || 'audio/webm' });
    if (audio.size === 0) return setState('failed');
    setState('transcribing');
    try {
      const text = (await options.transcribe(audio)).trim();
      setState('idle');
      if (text !== '') options.onTranscript(text);
    } catch {
      setState('failed');
    }
  }

  async function start() {
    let stream: MediaStream;
    try {
      stream = await options.platform.getUserMedia({ audio: true });
    } catch {
      // the visitor refused the microphone, or there is none
      return setState('failed');
    }
    const mimeType = RECORDING_TYPES.find((type) => options.platform.isTypeSupported(type));
    const recorder = options.platform.createRecorder(stream, mimeType);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => void finish(recorder, stream, chunks);
    const maxMs = options.maxMs ?? 15_000;
    active = { recorder, timer: setTimer(() => stop(), maxMs) };
    setState('recording');
    recorder.start();
  }

  function stop() {
    if (!active) return;
    clearTimer(active.timer);
    const { recorder } = active;
    active = null;
    recorder.stop();
  }

  return {
    toggle() {
      if (state === 'recording') stop();
      else if (state !== 'transcribing') void start();
    },
  };
}

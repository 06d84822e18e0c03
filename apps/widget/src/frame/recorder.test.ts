import { describe, expect, it } from 'vitest';
import { type AudioRecorder, createRecorderInput, type RecorderState } from './recorder.ts';

function fakePlatform(options: { refuse?: boolean; chunk?: string } = {}) {
  const events: string[] = [];
  const stream = {
    getTracks: () => [{ stop: () => events.push('track stopped') }],
  } as unknown as MediaStream;
  return {
    events,
    platform: {
      async getUserMedia() {
        if (options.refuse) throw new DOMException('Permission denied', 'NotAllowedError');
        events.push('microphone');
        return stream;
      },
      isTypeSupported: (type: string) => type === 'audio/webm;codecs=opus',
      createRecorder(_stream: MediaStream, mimeType: string | undefined): AudioRecorder {
        const recorder: AudioRecorder = {
          mimeType: mimeType ?? '',
          ondataavailable: null,
          onstop: null,
          start: () => events.push(`recording ${mimeType}`),
          stop() {
            recorder.ondataavailable?.({ data: new Blob([options.chunk ?? 'voice']) });
            recorder.onstop?.();
          },
        };
        return recorder;
      },
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the recorder', () => {
  it('records on the first press and transcribes on the second, then hands over the text', async () => {
    const { events, platform } = fakePlatform();
    const states: RecorderState[] = [];
    const texts: string[] = [];
    const input = createRecorderInput({
      platform,
      transcribe: async (audio) => `heard ${audio.size} bytes of ${audio.type}`,
      onTranscript: (text) => texts.push(text),
      onState: (state) => states.push(state),
    });
    input.toggle();
    await settle();
    input.toggle();
    await settle();
    expect(events).toEqual(['microphone', 'recording audio/webm;codecs=opus', 'track stopped']);
    expect(states).toEqual(['recording', 'transcribing', 'idle']);
    expect(texts).toEqual(['heard 5 bytes of audio/webm']);
  });

  it('stops by itself after the longest recording', async () => {
    const { platform } = fakePlatform();
    const timers: { run: () => void; ms: number }[] = [];
    const states: RecorderState[] = [];
    const input = createRecorderInput({
      platform,
      transcribe: async () => 'hello',
      onTranscript: () => {},
      onState: (state) => states.push(state),
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => {},
    });
    input.toggle();
    await settle();
    expect(timers.map((timer) => timer.ms)).toEqual([15_000]);
    timers[0]?.run();
    await settle();
    expect(states).toEqual(['recording', 'transcribing', 'idle']);
  });

  it('says it failed when the microphone is refused, the recording is empty or the server fails', async () => {
    for (const [platformOptions, transcribe] of [
      [{ refuse: true }, async () => 'never'],
      [{ chunk: '' }, async () => 'never'],
      [{}, async () => Promise.reject(new Error('503'))],
    ] as const) {
      const { platform } = fakePlatform(platformOptions);
      const states: RecorderState[] = [];
      const texts: string[] = [];
      const input = createRecorderInput({
        platform,
        transcribe,
        onTranscript: (text) => texts.push(text),
        onState: (state) => states.push(state),
      });
      input.toggle();
      await settle();
      input.toggle();
      await settle();
      expect(states.at(-1)).toBe('failed');
      expect(texts).toEqual([]);
    }
  });
});

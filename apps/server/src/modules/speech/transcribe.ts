import { availableVoiceTypes, type SaveChatbotInput } from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { createGoogleSpeech } from './google-speech.ts';
import { transcribeWithOpenAi } from './openai-transcription.ts';
import type { Recording } from './recording.ts';

type Voice = SaveChatbotInput['messenger_settings']['voice'];

/** Whether the owner configured a provider the server can transcribe with (the messenger then records). */
export function canTranscribe(voice: Voice): boolean {
  return (
    voice.status === 1 &&
    (availableVoiceTypes as readonly string[]).includes(voice.type) &&
    voice.credentials.trim() !== ''
  );
}

export type Transcribe = (
  ownerId: number,
  voice: Voice,
  recording: Omit<Recording, 'lang'>,
) => Promise<string>;

/**
 * The messenger's recordings to text with the provider the owner saved (modules/speech/README.md). The voice
 * settings come as stored: their credentials are opened here, and never leave the server.
 */
export function createTranscriber(deps: {
  http: OutboundHttp;
  secrets: SecretBox;
  googleSpeechUrl: string;
}): Transcribe {
  const google = createGoogleSpeech(deps.http, deps.googleSpeechUrl);
  return (ownerId, voice, recording) => {
    const credentials = deps.secrets.decrypt(voice.credentials);
    const withLang = { ...recording, lang: voice.lang };
    return voice.type === 'google'
      ? google(ownerId, credentials, withLang)
      : transcribeWithOpenAi(deps.http, credentials, withLang);
  };
}

import { GoogleChatError } from '../../channels/google-chat/google-chat-api.ts';
import {
  type AccessTokens,
  createAccessTokens,
  parseServiceAccount,
  ServiceAccountError,
} from '../../channels/google-chat/google-service-account.ts';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { type Recording, SpeechError } from './recording.ts';

/** The scope Speech-to-Text's REST API takes. */
export const SPEECH_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** What v1 `speech:recognize` decodes of what browsers record (Safari's audio/mp4 is not among them). */
const ENCODINGS: Record<string, { encoding: string; sampleRateHertz?: number }> = {
  'audio/webm': { encoding: 'WEBM_OPUS', sampleRateHertz: 48_000 },
  'audio/ogg': { encoding: 'OGG_OPUS', sampleRateHertz: 48_000 },
  'audio/wav': { encoding: 'LINEAR16' },
};

interface RecognizeAnswer {
  results?: { alternatives?: { transcript?: string }[] }[];
}

/**
 * Google Cloud Speech-to-Text v1 with the service account key the owner saved: an access token for it (the JWT
 * bearer grant, cached until shortly before it expires), then `POST {GOOGLE_SPEECH_URL}/v1/speech:recognize`
 * with the recording inline (a few seconds: well under the 1-minute synchronous limit).
 */
export function createGoogleSpeech(http: OutboundHttp, speechUrl: string) {
  const tokens: AccessTokens = createAccessTokens({ attempts: 2 }, SPEECH_SCOPE);
  return async (ownerId: number, credentials: string, recording: Recording): Promise<string> => {
    const format = ENCODINGS[recording.mimeType];
    if (!format) throw new SpeechError(`Google Speech-to-Text does not decode ${recording.mimeType}`);
    let accessToken: string;
    try {
      const key = parseServiceAccount(credentials, speechUrl);
      accessToken = await tokens.tokenFor(ownerId, key);
    } catch (error) {
      if (error instanceof ServiceAccountError || error instanceof GoogleChatError) {
        throw new SpeechError(`Google's token: ${error.message}`);
      }
      throw error;
    }
    const answer = await http.request(`${speechUrl}/v1/speech:recognize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        config: { ...format, languageCode: recording.lang },
        audio: { content: recording.audio.toString('base64') },
      }),
      timeoutMs: 30_000,
      maxBytes: 256 * 1024,
      maxRedirects: 0,
    });
    if (answer.status < 200 || answer.status >= 300) {
      throw new SpeechError(`Google Speech-to-Text answered ${answer.status}`);
    }
    let parsed: RecognizeAnswer;
    try {
      parsed = JSON.parse(answer.bodyText) as RecognizeAnswer;
    } catch {
      throw new SpeechError('Google Speech-to-Text answered no JSON');
    }
    return (parsed.results ?? [])
      .map((result) => result.alternatives?.[0]?.transcript?.trim() ?? '')
      .filter((text) => text !== '')
      .join(' ');
  };
}

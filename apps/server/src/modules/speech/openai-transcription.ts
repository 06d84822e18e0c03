import { randomBytes } from 'node:crypto';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { type Recording, SpeechError } from './recording.ts';

/**
 * The credentials of an OpenAI-compatible transcription server, as the owner pastes them (JSON):
 * `{"url": "https://api.openai.com/v1", "api_key": "sk-…", "model": "whisper-1"}` — `url` is the API's base (a
 * self-hosted Whisper server's `/v1`), `api_key` and `model` may be left out.
 */
interface OpenAiCredentials {
  url: string;
  apiKey: string;
  model: string;
}

export function parseOpenAiCredentials(credentials: string): OpenAiCredentials {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(credentials) as Record<string, unknown>;
  } catch {
    throw new SpeechError('the speech credentials are not JSON');
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const url = text(parsed?.url).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new SpeechError('the speech credentials name no http(s) url');
  return { url, apiKey: text(parsed.api_key), model: text(parsed.model) || 'whisper-1' };
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/wav': 'wav',
};

/** A multipart/form-data body: the text fields, then the recording as `file`. */
function multipartOf(fields: Record<string, string>, recording: Recording) {
  const boundary = `----hiwar${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  const filename = `speech.${EXTENSIONS[recording.mimeType] ?? 'webm'}`;
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${recording.mimeType}\r\n\r\n`,
    ),
    recording.audio,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: new Uint8Array(Buffer.concat(parts)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * `POST {url}/audio/transcriptions` (OpenAI's API, which Whisper servers copy): the file, the model and the
 * language (ISO 639-1, from the bot's voice language), answered `{text}`. The url is the owner's: it goes through
 * the outbound guard like every address an owner types.
 */
export async function transcribeWithOpenAi(
  http: OutboundHttp,
  credentials: string,
  recording: Recording,
): Promise<string> {
  const server = parseOpenAiCredentials(credentials);
  const { body, contentType } = multipartOf(
    { model: server.model, language: recording.lang.slice(0, 2), response_format: 'json' },
    recording,
  );
  const answer = await http.request(`${server.url}/audio/transcriptions`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...(server.apiKey !== '' && { authorization: `Bearer ${server.apiKey}` }),
    },
    body,
    timeoutMs: 30_000,
    maxBytes: 256 * 1024,
    // the key travels in a header: follow no redirect
    maxRedirects: 0,
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new SpeechError(`the transcription server answered ${answer.status}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.bodyText);
  } catch {
    throw new SpeechError('the transcription server answered no JSON');
  }
  const text = (parsed as { text?: unknown })?.text;
  if (typeof text !== 'string') throw new SpeechError('the transcription server answered no text');
  return text.trim();
}

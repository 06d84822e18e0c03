import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { SPEECH_SCOPE } from '../../modules/speech/google-speech.ts';

/**
 * Fakes of the two speech providers the messenger's recordings go to, strict about what they receive as the real
 * ones are: an OpenAI-compatible `/v1/audio/transcriptions` (multipart, bearer key) and Google's token endpoint
 * plus Speech-to-Text v1 `speech:recognize` (JSON, base64 audio, the token it issued). Each answers `transcript`,
 * or the status queued in `failNext`.
 */
export interface FakeSpeechProviders {
  url: string;
  /** what each provider received, in order */
  openAiCalls: { model: string; language: string; filename: string; contentType: string; audio: Buffer }[];
  googleCalls: { encoding: string; languageCode: string; audio: Buffer }[];
  transcript: string;
  failNext: number[];
  /** a service account key whose token_uri is this fake's */
  serviceAccountKey(): string;
  /** the credentials an owner pastes for the OpenAI-compatible server */
  openAiCredentials(): string;
  close(): Promise<void>;
}

export const OPENAI_KEY = 'sk-test-speech';
const ACCESS_TOKEN = 'ya29.fake-speech-token';
const CLIENT_EMAIL = 'speech@hiwar-test.iam.gserviceaccount.com';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The parts of a multipart/form-data body: name → {filename, contentType, data}. */
function multipartParts(body: Buffer, contentType: string) {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  const parts = new Map<string, { filename: string; contentType: string; data: Buffer }>();
  if (!boundary) return parts;
  const text = body.toString('latin1');
  for (const chunk of text.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
    const data = Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1');
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    parts.set(name, {
      filename: /filename="([^"]+)"/.exec(head)?.[1] ?? '',
      contentType: /content-type: (.+)/i.exec(head)?.[1]?.trim() ?? '',
      data,
    });
  }
  return parts;
}

export async function startFakeSpeechProviders(): Promise<FakeSpeechProviders> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const fake = {
    openAiCalls: [],
    googleCalls: [],
    transcript: '',
    failNext: [],
  } as unknown as FakeSpeechProviders;
  const json = (response: import('node:http').ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const failure = fake.failNext.shift();
    if (failure) return json(response, failure, { error: { message: 'failing as asked' } });
    const path = new URL(request.url ?? '/', 'http://fake').pathname;

    if (request.method === 'POST' && path === '/v1/audio/transcriptions') {
      if (request.headers.authorization !== `Bearer ${OPENAI_KEY}`) {
        return json(response, 401, { error: { message: 'Incorrect API key provided' } });
      }
      const parts = multipartParts(body, request.headers['content-type'] ?? '');
      const file = parts.get('file');
      const model = parts.get('model')?.data.toString() ?? '';
      if (!file || file.data.length === 0 || model === '') {
        return json(response, 400, { error: { message: "'file' and 'model' are required" } });
      }
      fake.openAiCalls.push({
        model,
        language: parts.get('language')?.data.toString() ?? '',
        filename: file.filename,
        contentType: file.contentType,
        audio: file.data,
      });
      return json(response, 200, { text: fake.transcript });
    }

    if (request.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(body.toString());
      const assertion = form.get('assertion') ?? '';
      const claims = assertion ? decodeJwt(assertion) : {};
      if (
        form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
        claims.iss !== CLIENT_EMAIL ||
        claims.scope !== SPEECH_SCOPE
      ) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      return json(response, 200, { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
    }

    if (request.method === 'POST' && path === '/v1/speech:recognize') {
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
        return json(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      const asked = JSON.parse(body.toString()) as {
        config?: { encoding?: string; languageCode?: string; sampleRateHertz?: number };
        audio?: { content?: string };
      };
      const config = asked.config ?? {};
      if (!config.encoding || !config.languageCode || !asked.audio?.content) {
        return json(response, 400, { error: { code: 400, status: 'INVALID_ARGUMENT' } });
      }
      fake.googleCalls.push({
        encoding: config.encoding,
        languageCode: config.languageCode,
        audio: Buffer.from(asked.audio.content, 'base64'),
      });
      const results =
        fake.transcript === '' ? [] : [{ alternatives: [{ transcript: fake.transcript, confidence: 0.93 }] }];
      return json(response, 200, { results });
    }
    json(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    serviceAccountKey: () =>
      JSON.stringify({
        type: 'service_account',
        client_email: CLIENT_EMAIL,
        private_key: pem,
        token_uri: `${url}/token`,
      }),
    openAiCredentials: () =>
      JSON.stringify({ url: `${url}/v1`, api_key: OPENAI_KEY, model: 'whisper-large-v3' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

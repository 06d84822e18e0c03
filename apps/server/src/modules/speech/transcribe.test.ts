import { defaultChatbotSettings, widgetMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationServer,
  createBot,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import {
  type FakeSpeechProviders,
  startFakeSpeechProviders,
} from '../../testing/speech/fake-speech-providers.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/** A few bytes standing for a recording: the providers are fakes, the bytes only have to arrive unchanged. */
const RECORDING = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x00, 0x0d, 0x0a, 0xff, 0x42, 0x86]);

describe.each(await testDatabaseKinds())('speech from the messenger on $label', (kind) => {
  let server: ConversationServer;
  let providers: FakeSpeechProviders;
  let bot: TestBot;

  beforeAll(async () => {
    providers = await startFakeSpeechProviders();
    server = await startConversationServer(
      kind,
      {},
      { outboundAllow: ['127.0.0.1'], googleSpeechUrl: providers.url },
    );
    bot = await createBot(server);
  });
  afterAll(async () => {
    await server.close();
    await providers.close();
  });

  const voice = (type: string, credentials: string, lang = 'ar-EG') => {
    const defaults = defaultChatbotSettings();
    return saveChatbot(bot, {
      messenger_settings: { ...defaults.messenger_settings, voice: { status: 1, type, lang, credentials } },
    } as never);
  };
  const transcribe = (audio: Buffer | string, contentType = 'audio/webm;codecs=opus', senderId = 77) =>
    server.call('POST', `/widget/api/${bot.botToken}/transcribe?sender_id=${senderId}`, {
      raw: audio,
      headers: { 'content-type': contentType },
    });
  const settings = async () => (await server.call('GET', `/widget/api/${bot.botToken}/settings`)).json.data;

  it('is off until the owner configures a provider: no recording in the messenger, 404 for a recording', async () => {
    expect((await settings()).voice).toMatchObject({ status: 0, server: 0 });
    const answer = await transcribe(RECORDING);
    expect(answer.status).toBe(404);
    expect(answer.json.msg).toBe(widgetMessages.speechOff);
  });

  it('transcribes with an OpenAI-compatible server in the bot’s language; the credentials never reach the browser', async () => {
    await voice('openai', providers.openAiCredentials());
    const shown = await settings();
    expect(shown.voice).toEqual({ status: 1, lang: 'ar-EG', server: 1 });
    expect(JSON.stringify(shown)).not.toContain('sk-test-speech');
    providers.transcript = 'أريد حجز طاولة';
    const answer = await transcribe(RECORDING);
    expect(answer.json).toEqual({ status: 1, text: 'أريد حجز طاولة' });
    expect(providers.openAiCalls.at(-1)).toEqual({
      model: 'whisper-large-v3',
      language: 'ar',
      filename: 'speech.webm',
      contentType: 'audio/webm',
      audio: RECORDING,
    });
  });

  it('transcribes with Google Speech-to-Text using the saved service account key', async () => {
    await voice('google', providers.serviceAccountKey(), 'en-US');
    providers.transcript = 'book a table';
    const answer = await transcribe(RECORDING, 'audio/ogg;codecs=opus');
    expect(answer.json).toEqual({ status: 1, text: 'book a table' });
    expect(providers.googleCalls.at(-1)).toEqual({
      encoding: 'OGG_OPUS',
      languageCode: 'en-US',
      audio: RECORDING,
    });
    // silence: Google answers no result, the messenger gets no text
    providers.transcript = '';
    expect((await transcribe(RECORDING)).json).toEqual({ status: 1, text: '' });
  });

  it('asks the visitor to type when the provider fails, and refuses what is not a recording', async () => {
    await voice('openai', providers.openAiCredentials());
    providers.failNext.push(500);
    const failed = await transcribe(RECORDING);
    expect(failed.status).toBe(503);
    expect(failed.json).toEqual({ status: 0, msg: widgetMessages.speechFailed });
    expect((await transcribe(RECORDING, 'text/plain')).status).toBe(415);
    expect((await transcribe(Buffer.alloc(0))).status).toBe(415);
    expect((await transcribe(Buffer.alloc(1024 * 1024 + 1, 1))).status).toBe(413);
    // an owner's server on a local address is refused by the outbound guard like any other address they type
    await voice('openai', JSON.stringify({ url: 'http://10.1.2.3/v1', api_key: 'x' }));
    expect((await transcribe(RECORDING)).status).toBe(503);
  });
});

import { chatbotMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import { fullChatbotRecord } from '../../testing/chatbot/chatbot-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertCommand } from '../commands/command-repository.ts';
import { insertService } from '../services/service-repository.ts';
import { findChatbotByOwner } from './chatbot-repository.ts';
import { findChatbotByPublicToken, getChatbot } from './chatbot-service.ts';

describe.each(await testDatabaseKinds())('chatbot settings on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const browse = (token: string) => server.call('GET', '/api/chatbot/browse', { token });
  const save = (token: string, body: unknown) => server.call('POST', '/api/chatbot/save', { token, body });

  it('answers 401 without a token', async () => {
    expect((await server.call('GET', '/api/chatbot/browse')).status).toBe(401);
    expect((await server.call('GET', '/api/chatbot/browse/1')).status).toBe(401);
    expect((await server.call('POST', '/api/chatbot/save', { body: fullChatbotRecord() })).status).toBe(401);
  });

  it('creates the chatbot with the defaults on the first browse', async () => {
    const owner = await registerAndLogin(server);
    const answer = await browse(owner.token);
    expect(answer.status).toBe(200);
    const { data } = answer.json;
    expect(answer.json.status).toBe(1);
    expect(answer.json.chatbot_user_id).toBe(owner.userId);
    expect(data.chatbot_fallback_type).toBe('text');
    expect(data.chatbot_start_button_status).toBe(0);
    expect(data.chatbot_start_button_label).toBe('ابدأ');
    expect(data.chatbot_start_button_postback).toBe('مساعدة');
    expect(data.chatbot_parser).toEqual({ ar: 'default', en: 'default', de: 'default' });
    expect(data.apps.facebook).toEqual([]);
    expect(data.apps.telegram.chatbot_app_status).toBe(0);
    expect(data.messenger_settings).toMatchObject({
      default_lang: 'en',
      main_color: '#4066BF',
      width: 380,
      height: 600,
      voice: { status: 0, type: 'UNKNOWN', lang: 'ar-EG', credentials: '' },
    });
  });

  it('keeps one stable public token per chatbot, unlike the login token', async () => {
    const owner = await registerAndLogin(server);
    const first = await browse(owner.token);
    const second = await browse(owner.token);
    const other = await browse((await registerAndLogin(server)).token);
    expect(first.json.user_token).toMatch(/^[\w-]{40,}$/);
    expect(second.json.user_token).toBe(first.json.user_token);
    expect(second.json.data.chatbot_id).toBe(first.json.data.chatbot_id);
    expect(first.json.user_token).not.toBe(owner.token);
    expect(other.json.user_token).not.toBe(first.json.user_token);
  });

  it('builds the iframe and embed snippets from the request origin and the public token', async () => {
    const owner = await registerAndLogin(server);
    const { json } = await browse(owner.token);
    const base = server.url.replace('localhost', '127.0.0.1');
    const token = json.user_token;
    expect(json.data.messenger_settings.iframe_tag).toContain(
      `<iframe src="${base}/widget/frame.html?bot=${token}&sender=SENDER_ID&locale=LOCALE"`,
    );
    expect(json.data.messenger_settings.embed_code).toBe(
      `<script src="${base}/widget/embed.js" data-bot="${token}" data-locale="LOCALE" async></script>`,
    );
    expect(json.data.messenger_settings.whatsapp_web_hook).toBe(`${base}/hooks/whatsapp/${token}`);
  });

  it('saves the whole record and browses it back', async () => {
    const owner = await registerAndLogin(server);
    const record = fullChatbotRecord();
    const saved = await save(owner.token, record);
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ status: 1, msg: 'successfully updated' });
    const { data } = (await browse(owner.token)).json;
    const { chatbot_id, messenger_settings, ...rest } = data;
    const { iframe_tag, embed_code, whatsapp_web_hook, ...messenger } = messenger_settings;
    expect(chatbot_id).toBeGreaterThan(0);
    expect({ ...rest, messenger_settings: messenger }).toEqual(record);
    expect(iframe_tag).toContain('width="420" height="650"');
  });

  it('accepts the browsed record back as it is, generated fields included', async () => {
    const owner = await registerAndLogin(server);
    const { data } = (await browse(owner.token)).json;
    const saved = await save(owner.token, { ...data, chatbot_name: 'Renamed' });
    expect(saved.status).toBe(200);
    expect((await browse(owner.token)).json.data.chatbot_name).toBe('Renamed');
  });

  it('stores the channel tokens and speech credentials encrypted, and answers them decrypted to the owner', async () => {
    const owner = await registerAndLogin(server);
    await save(owner.token, fullChatbotRecord());
    const row = await findChatbotByOwner(server.database.db, owner.userId);
    const stored = `${row?.apps}${row?.messenger_settings}`;
    for (const secret of [
      'fb-verify-secret',
      'EAAB-page-access-token',
      '123456:telegram-bot-token',
      'wa-instance-token',
      'speech-secret-key',
    ]) {
      expect(stored).not.toContain(secret);
    }
    const apps = JSON.parse(row?.apps ?? '{}');
    expect(apps.telegram.chatbot_app_credentials.token).toMatch(/^enc:v1:/);
    expect(apps.facebook[0].chatbot_app_credentials.name).toBe('Pizza page');
    const { data } = (await browse(owner.token)).json;
    expect(data.apps.telegram.chatbot_app_credentials.token).toBe('123456:telegram-bot-token');
    expect(data.messenger_settings.voice.credentials).toBe('{"private_key":"speech-secret-key"}');
  });

  it('lets the runtime read a chatbot by owner and by public token, secrets readable', async () => {
    const owner = await registerAndLogin(server);
    await save(owner.token, fullChatbotRecord());
    const secrets = createSecretBox(server.config.secretKey);
    const chatbot = await getChatbot(server.database.db, owner.userId, secrets);
    expect(chatbot.user_id).toBe(owner.userId);
    expect(chatbot.apps.whatsapp.chatbot_app_credentials.token).toBe('wa-instance-token');
    const byToken = await findChatbotByPublicToken(server.database.db, chatbot.user_token, secrets);
    expect(byToken?.chatbot_id).toBe(chatbot.chatbot_id);
    expect(await findChatbotByPublicToken(server.database.db, 'no-such-token', secrets)).toBeNull();
  });

  it('names the own chatbot for the breadcrumbs and hides another owner’s', async () => {
    const owner = await registerAndLogin(server);
    const other = await registerAndLogin(server);
    await save(owner.token, { ...fullChatbotRecord(), chatbot_name: 'Crumb bot' });
    const chatbotId = (await browse(owner.token)).json.data.chatbot_id;
    const crumb = await server.call('GET', `/api/chatbot/browse/${chatbotId}`, { token: owner.token });
    expect(crumb.json).toEqual({ status: 1, data: { name: 'Crumb bot' } });
    const foreign = await server.call('GET', `/api/chatbot/browse/${chatbotId}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await server.call('GET', '/api/chatbot/browse/999999', { token: owner.token })).status).toBe(404);
  });

  it('refuses another owner’s command as the fallback command and accepts an own one', async () => {
    const owner = await registerAndLogin(server);
    const other = await registerAndLogin(server);
    const { db } = server.database;
    const ownCommand = await insertCommand(db, {
      userId: owner.userId,
      serviceId: await insertService(db, { userId: owner.userId, name: 'own service' }),
      name: 'own command',
    });
    const foreignCommand = await insertCommand(db, {
      userId: other.userId,
      serviceId: await insertService(db, { userId: other.userId, name: 'their service' }),
      name: 'their command',
    });
    const asCommand = (id: number) => ({
      ...fullChatbotRecord(),
      chatbot_fallback_type: 'cmd',
      chatbot_fallback_command_id: id,
    });
    const refused = await save(owner.token, asCommand(foreignCommand));
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({
      chatbot_fallback_command_id: [chatbotMessages.fallbackCommandNotFound],
    });
    expect((await save(owner.token, asCommand(ownCommand))).status).toBe(200);
    const { data } = (await browse(owner.token)).json;
    expect(data.chatbot_fallback_command_id).toBe(ownCommand);
  });
});

import { chatbotMessages as m, type SaveChatbotInput } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { fullChatbotRecord } from '../../testing/chatbot/chatbot-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

type Change = (record: SaveChatbotInput) => void;

const menuOf = (record: SaveChatbotInput) => record.chatbot_persistent_menus[0]?.call_to_actions ?? [];
const leaf = (title: string) => ({
  title,
  type: 'postback' as const,
  emoji: '',
  payload: 'go',
  url: '',
  webview_height_ratio: 'full' as const,
  call_to_actions: [],
});
const menu = 'chatbot_persistent_menus.0.call_to_actions';

/** [what is wrong, the change, the field, the message] — spec part 1 §5 "Chatbot", "Messenger", "Persistent menu". */
const rules: [string, Change, string, string][] = [
  [
    'an empty chatbot name',
    (r) => {
      r.chatbot_name = '  ';
    },
    'chatbot_name',
    m.nameRequired,
  ],
  [
    'a text fallback without message',
    (r) => {
      r.chatbot_fallback_type = 'text';
      r.chatbot_fallback_msg = '';
    },
    'chatbot_fallback_msg',
    m.fallbackMsgRequired,
  ],
  [
    'an options fallback without message',
    (r) => {
      r.chatbot_fallback_msg = '';
    },
    'chatbot_fallback_msg',
    m.fallbackMsgRequired,
  ],
  [
    'an options fallback without options',
    (r) => {
      r.chatbot_fallback_options = [];
    },
    'chatbot_fallback_options',
    m.fallbackOptionsRequired,
  ],
  [
    'a command fallback without command',
    (r) => {
      r.chatbot_fallback_type = 'cmd';
    },
    'chatbot_fallback_command_id',
    m.fallbackCommandRequired,
  ],
  [
    'an option without label',
    (r) => {
      r.chatbot_fallback_options[0] = { label: '', val: 'x' };
    },
    'chatbot_fallback_options.0.label',
    m.optionLabelRequired,
  ],
  [
    'an option without value',
    (r) => {
      r.chatbot_fallback_options[0] = { label: 'x', val: ' ' };
    },
    'chatbot_fallback_options.0.val',
    m.optionValueRequired,
  ],
  [
    'a label already in use',
    (r) => {
      r.chatbot_fallback_options[1] = { label: 'Menu', val: 'again' };
    },
    'chatbot_fallback_options.1.label',
    m.optionLabelTaken,
  ],
  [
    'a start button without label',
    (r) => {
      r.chatbot_start_button_label = '';
    },
    'chatbot_start_button_label',
    m.startLabelRequired,
  ],
  [
    'a start button without postback',
    (r) => {
      r.chatbot_start_button_postback = '';
    },
    'chatbot_start_button_postback',
    m.startPostbackRequired,
  ],
  [
    'a facebook page without name',
    (r) => {
      r.apps.facebook[0]!.chatbot_app_credentials.name = '';
    },
    'apps.facebook.0.chatbot_app_credentials.name',
    m.pageNameRequired,
  ],
  [
    'an enabled facebook page without verify token',
    (r) => {
      r.apps.facebook[0]!.chatbot_app_credentials.verify_token = '';
    },
    'apps.facebook.0.chatbot_app_credentials.verify_token',
    m.verifyTokenRequired,
  ],
  [
    // Telegram never uses a verify token; it needs its bot token
    'enabled telegram without bot token',
    (r) => {
      r.apps.telegram.chatbot_app_credentials.token = '';
    },
    'apps.telegram.chatbot_app_credentials.token',
    m.botTokenRequired,
  ],
  [
    'enabled whatsapp without verify token',
    (r) => {
      r.apps.whatsapp.chatbot_app_credentials.verify_token = '';
    },
    'apps.whatsapp.chatbot_app_credentials.verify_token',
    m.verifyTokenRequired,
  ],
  [
    'enabled hangouts without verify token',
    (r) => {
      r.apps.hangouts.chatbot_app_status = 1;
    },
    'apps.hangouts.chatbot_app_credentials.verify_token',
    m.verifyTokenRequired,
  ],
  [
    'enabled whatsapp without chatapi url',
    (r) => {
      r.apps.whatsapp.chatbot_app_credentials.chatapi_url = '';
    },
    'apps.whatsapp.chatbot_app_credentials.chatapi_url',
    m.chatapiUrlRequired,
  ],
  [
    'enabled whatsapp with a bad chatapi url',
    (r) => {
      r.apps.whatsapp.chatbot_app_credentials.chatapi_url = 'chat-api';
    },
    'apps.whatsapp.chatbot_app_credentials.chatapi_url',
    m.chatapiUrlInvalid,
  ],
  [
    'a WhatsApp order template that is not a template name',
    (r) => {
      r.apps.whatsapp.chatbot_app_credentials.order_template = 'Order Confirmed';
    },
    'apps.whatsapp.chatbot_app_credentials.order_template',
    m.orderTemplateInvalid,
  ],
  [
    'a WhatsApp order template without its language',
    (r) => {
      r.apps.whatsapp.chatbot_app_credentials.order_template_lang = '';
    },
    'apps.whatsapp.chatbot_app_credentials.order_template_lang',
    m.orderTemplateLangInvalid,
  ],
  [
    'a voice without language',
    (r) => {
      (r.messenger_settings.voice as { lang: string }).lang = '';
    },
    'messenger_settings.voice.lang',
    m.voiceLangRequired,
  ],
  [
    'voice on with the unknown service',
    (r) => {
      r.messenger_settings.voice.type = 'UNKNOWN';
    },
    'messenger_settings.voice.type',
    m.voiceTypeRequired,
  ],
  [
    'voice on with the disabled Microsoft service',
    (r) => {
      r.messenger_settings.voice.type = 'microsoft';
    },
    'messenger_settings.voice.type',
    m.voiceTypeRequired,
  ],
  [
    'voice credentials that are not JSON',
    (r) => {
      r.messenger_settings.voice.credentials = '{oops';
    },
    'messenger_settings.voice.credentials',
    m.voiceCredentialsJson,
  ],
  [
    'a width under 330',
    (r) => {
      r.messenger_settings.width = 329;
    },
    'messenger_settings.width',
    m.widthMin,
  ],
  [
    'a height under 400',
    (r) => {
      r.messenger_settings.height = 399;
    },
    'messenger_settings.height',
    m.heightRange,
  ],
  [
    'a height over 700',
    (r) => {
      r.messenger_settings.height = 701;
    },
    'messenger_settings.height',
    m.heightRange,
  ],
  [
    'a main colour that is not hex',
    (r) => {
      r.messenger_settings.main_color = 'blue';
    },
    'messenger_settings.main_color',
    m.colorInvalid,
  ],
  [
    'a logo that is not a url',
    (r) => {
      r.messenger_settings.logo = 'logo.png';
    },
    'messenger_settings.logo',
    m.imageUrlInvalid,
  ],
  [
    'a menu item without title',
    (r) => {
      menuOf(r)[1]!.title = '';
    },
    `${menu}.1.title`,
    m.menuTitleRequired,
  ],
  [
    'a web_url item with a url without protocol',
    (r) => {
      menuOf(r)[1]!.url = 'pizza.example.com';
    },
    `${menu}.1.url`,
    m.menuUrlInvalid,
  ],
  [
    'a postback item without payload',
    (r) => {
      menuOf(r)[0]!.call_to_actions[1]!.payload = '';
    },
    `${menu}.0.call_to_actions.1.payload`,
    m.menuPayloadRequired,
  ],
  [
    'a nested item without children',
    (r) => {
      menuOf(r)[0]!.call_to_actions[1]!.type = 'nested';
    },
    `${menu}.0.call_to_actions.1.call_to_actions`,
    m.menuChildrenRequired,
  ],
  [
    'a nested item on the third level',
    (r) => {
      menuOf(r)[0]!.call_to_actions[0]!.call_to_actions[0]!.type = 'nested';
    },
    `${menu}.0.call_to_actions.0.call_to_actions.0.type`,
    m.menuNestedTooDeep,
  ],
  [
    'children below the third level',
    (r) => {
      menuOf(r)[0]!.call_to_actions[0]!.call_to_actions[0]!.call_to_actions = [leaf('deep')];
    },
    `${menu}.0.call_to_actions.0.call_to_actions.0.type`,
    m.menuNestedTooDeep,
  ],
  [
    'nine items on the first level',
    (r) =>
      void r.chatbot_persistent_menus[0]!.call_to_actions.push(
        ...Array.from({ length: 7 }, (_, i) => leaf(`item ${i}`)),
      ),
    menu,
    m.menuLevelOneLimit,
  ],
  [
    'three items on the second level',
    (r) => {
      menuOf(r)[0]!.call_to_actions.push(leaf('third'));
    },
    `${menu}.0.call_to_actions`,
    m.menuNestedLevelLimit,
  ],
  [
    'three items on the third level',
    (r) => {
      menuOf(r)[0]!.call_to_actions[0]!.call_to_actions.push(leaf('third'));
    },
    `${menu}.0.call_to_actions.0.call_to_actions`,
    m.menuNestedLevelLimit,
  ],
];

describe.each(await testDatabaseKinds())('chatbot save validation on $label', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await registerAndLogin(server)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(rules)('refuses %s', async (_what, change, field, message) => {
    const record = fullChatbotRecord();
    change(record);
    const answer = await server.call('POST', '/api/chatbot/save', { token, body: record });
    expect(answer.status).toBe(422);
    expect(answer.json.msg).toBe('The given data was invalid.');
    expect(answer.json.errors[field]).toEqual([message]);
  });

  it('reports every broken field at once, menu errors together with the joint rules', async () => {
    const record = fullChatbotRecord();
    record.chatbot_name = '';
    record.messenger_settings.width = 10;
    record.apps.telegram.chatbot_app_credentials.token = '';
    menuOf(record)[1]!.title = '';
    const answer = await server.call('POST', '/api/chatbot/save', { token, body: record });
    expect(Object.keys(answer.json.errors).sort()).toEqual([
      'apps.telegram.chatbot_app_credentials.token',
      'chatbot_name',
      `${menu}.1.title`,
      'messenger_settings.width',
    ]);
  });

  it('leaves the stored record unchanged after a refused save', async () => {
    const owner = await registerAndLogin(server);
    await server.call('POST', '/api/chatbot/save', { token: owner.token, body: fullChatbotRecord() });
    const broken = { ...fullChatbotRecord(), chatbot_name: 'Changed', chatbot_fallback_msg: '' };
    expect(
      (await server.call('POST', '/api/chatbot/save', { token: owner.token, body: broken })).status,
    ).toBe(422);
    const { data } = (await server.call('GET', '/api/chatbot/browse', { token: owner.token })).json;
    expect(data.chatbot_name).toBe('Pizza bot');
  });

  it('ignores the credentials of a disabled channel', async () => {
    const record = fullChatbotRecord();
    record.apps.telegram = {
      chatbot_app_status: 0,
      chatbot_app_credentials: { verify_token: '', token: '' },
    };
    record.chatbot_start_button_status = 0;
    record.chatbot_start_button_label = '';
    const answer = await server.call('POST', '/api/chatbot/save', { token, body: record });
    expect(answer.status).toBe(200);
  });
});

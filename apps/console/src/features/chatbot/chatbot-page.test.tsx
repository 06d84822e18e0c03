import {
  type ChannelConnection,
  type ChatbotBrowseResponse,
  chatbotMessages,
  defaultChatbotSettings,
} from '@hiwar/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import en from '../../locales/en.json';
import { renderApp, stubServer } from '../../test/render-app.tsx';

function browseAnswer(): ChatbotBrowseResponse {
  const settings = defaultChatbotSettings();
  return {
    status: 1,
    data: {
      ...settings,
      chatbot_id: 3,
      messenger_settings: {
        ...settings.messenger_settings,
        iframe_tag:
          '<iframe src="http://h/widget/frame.html?bot=pub&sender=SENDER_ID&locale=LOCALE"></iframe>',
        embed_code:
          '<script src="http://h/widget/embed.js" data-bot="pub" data-locale="LOCALE" async></script>',
        whatsapp_web_hook: 'http://h/hooks/whatsapp/pub',
      },
    },
    chatbot_user_id: 9,
    user_token: 'pub',
  };
}

type Connections = Record<string, ChannelConnection>;

function serve(
  saveAnswer: { status?: number; json: unknown } = { json: { status: 1, msg: 'successfully updated' } },
  channels: () => Connections = () => ({}),
) {
  setToken('t');
  return stubServer((_method, path) => {
    if (path === '/chatbot/browse') return { json: browseAnswer() };
    if (path === '/chatbot/save') return saveAnswer;
    if (path === '/chatbot/channels_status') return { json: { status: 1, data: channels() } };
    if (path === '/command/get_all') return { json: { status: 1, data: [] } };
    return { json: { status: 1, data: { user_id: 9, username: 'owner', avatar: null } } };
  });
}

const savesIn = (fetchStub: ReturnType<typeof serve>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/chatbot/save'));
const statusReadsIn = (fetchStub: ReturnType<typeof serve>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/chatbot/channels_status'));

const connection = (fields: Partial<ChannelConnection>): ChannelConnection => ({
  status: 'active',
  reason: '',
  account: '',
  updated_at: '2025-05-01T10:00:00.000Z',
  ...fields,
});

/** A channel's row in the bot instructions table (with the reason row below it, when there is one). */
function instructionRow(channel: string) {
  const row = document.querySelector(`section tr[data-channel="${channel}"]`);
  if (!row) throw new Error(`no instruction row for ${channel}`);
  return row as HTMLElement;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page once its form shows; on a busy machine the first render of the whole console takes seconds. */
async function openChatbotPage(language: 'en' | 'ar' = 'en') {
  renderApp('/chatbot', language);
  return screen.findByTestId('chatbot-form', {}, { timeout: 15_000 });
}

describe('chatbot settings page', () => {
  it('shows every section with the browsed record and the snippets with the placeholders their hints name', async () => {
    serve();
    const form = await openChatbotPage();
    for (const title of [
      'Main Info',
      'Start Button',
      'Facebook',
      'Telegram',
      'WhatsApp',
      'Hangouts',
      'Parser',
      'Persistent Menu',
      'Web Messenger Settings',
      'Bot instructions',
    ]) {
      expect(within(form).getByRole('heading', { name: title })).toBeDefined();
    }
    expect((screen.getByLabelText(/Chatbot name/) as HTMLInputElement).value).toBe('My chatbot');
    const iframe = screen.getByLabelText('Iframe snippet') as HTMLTextAreaElement;
    expect(iframe.value).toContain('sender=SENDER_ID&locale=LOCALE');
    const iframeHint = screen.getByText(/Replace SENDER_ID/);
    expect(iframeHint.textContent).toContain('LOCALE');
    const embed = screen.getByLabelText('Embed snippet') as HTMLTextAreaElement;
    expect(embed.value).toContain('data-locale="LOCALE"');
    expect(screen.getAllByText(/Replace LOCALE with en or ar/)).toHaveLength(2);
  });

  it('aborts the save when a child field is invalid and shows the message under it', async () => {
    const fetchStub = serve();
    await openChatbotPage();
    fireEvent.click(within(section('Telegram')).getByRole('switch', { name: 'App status' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(section('Telegram')).findByText('The bot token field is required')).toBeDefined();
    expect(savesIn(fetchStub)).toHaveLength(0);
  });

  it('does not save when Enter is pressed in a single-line field', async () => {
    const fetchStub = serve();
    await openChatbotPage();
    const name = screen.getByLabelText(/Chatbot name/);
    fireEvent.change(name, { target: { value: 'Pizza bot' } });
    // fireEvent answers false when a handler prevented the default action: here the browser's implicit submit
    expect(fireEvent.keyDown(name, { key: 'Enter' })).toBe(false);
    expect(
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Fallback message' }), { key: 'Enter' }),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(savesIn(fetchStub)).toHaveLength(0);
  });

  it('names the section, row and field of an empty menu item, and scrolls to it and focuses it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const fetchStub = serve();
    await openChatbotPage();
    const menu = section('Persistent Menu');
    fireEvent.click(within(menu).getByRole('button', { name: 'Add item' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Add item' }));
    const [firstItem] = within(menu).getAllByTestId('menu-item');
    fireEvent.change(within(firstItem as HTMLElement).getByLabelText(/Title/), { target: { value: 'Menu' } });
    fireEvent.change(within(firstItem as HTMLElement).getByLabelText(/Postback/), {
      target: { value: 'menu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Some fields need your attention')).toBeDefined();
    expect(
      screen.getByText(
        'Persistent Menu → Default menu → Item 2 → Title (level 1): The title field is required',
      ),
    ).toBeDefined();
    const emptyTitle = within(menu).getAllByLabelText(/Title \(level 1\)/)[1];
    expect(document.activeElement).toBe(emptyTitle);
    expect(scrolled.mock.contexts[0]).toBe(emptyTitle);
    expect(savesIn(fetchStub)).toHaveLength(0);
  });

  it('names the field in Arabic with the arrow pointing the reading way', async () => {
    serve();
    await openChatbotPage('ar');
    fireEvent.click(within(section('القائمة الثابتة')).getByRole('button', { name: 'إضافة عنصر' }));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(
      await screen.findByText(/^القائمة الثابتة ← القائمة الافتراضية ← العنصر 1 ← العنوان \(المستوى 1\): /),
    ).toBeDefined();
  });

  it('shows a start button’s label and postback only while it is on', async () => {
    serve();
    await openChatbotPage();
    expect(within(section('Start Button')).queryByLabelText(/Button label/)).toBeNull();
    fireEvent.click(within(section('Start Button')).getByRole('switch'));
    expect((within(section('Start Button')).getByLabelText(/Button label/) as HTMLInputElement).value).toBe(
      'ابدأ',
    );
    expect((within(section('Start Button')).getByLabelText(/Postback/) as HTMLInputElement).value).toBe(
      'مساعدة',
    );
  });

  it('sends the whole record and confirms with "successfully updated"', async () => {
    const fetchStub = serve();
    await openChatbotPage();
    fireEvent.change(screen.getByLabelText(/Chatbot name/), { target: { value: 'Pizza bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    const [, init] = savesIn(fetchStub)[0] ?? [];
    const sent = JSON.parse(String(init?.body));
    expect(sent.chatbot_name).toBe('Pizza bot');
    expect(sent.chatbot_start_button_label).toBe('ابدأ');
    expect(sent.messenger_settings.width).toBe(380);
    expect(sent.messenger_settings.iframe_tag).toBeUndefined();
  });

  it('keeps "something not right" on screen when the server refuses, with its field errors', async () => {
    serve({
      status: 422,
      json: {
        status: 0,
        msg: 'The given data was invalid.',
        errors: {
          chatbot_fallback_command_id: [chatbotMessages.fallbackCommandNotFound],
          chatbot_name: [chatbotMessages.nameRequired],
        },
      },
    });
    await openChatbotPage();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('something not right')).toBeDefined();
    expect(await screen.findByText('The chatbot name field is required')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(screen.getByText('something not right')).toBeDefined();
  });
});

describe('the channels status in the bot instructions', () => {
  it('shows the status, the bot account and the reason the platform answered', async () => {
    serve(undefined, () => ({
      telegram: connection({
        status: 'pending',
        reason: 'Telegram refused the bot token: check it in @BotFather',
      }),
    }));
    await openChatbotPage();
    // the switches say Telegram is off (inactive); Telegram's own answer wins
    expect(await within(instructionRow('telegram')).findByText('Pending')).toBeDefined();
    const reason = within(section('Bot instructions')).getByTestId('channel-reason');
    expect(reason.textContent).toBe('Telegram refused the bot token: check it in @BotFather');
    expect(
      within(instructionRow('telegram'))
        .getByText('Pending')
        .closest('[aria-describedby]')
        ?.getAttribute('aria-describedby'),
    ).toBe(reason.id);
    // a channel the server has not connected keeps the status its switches make
    expect(within(instructionRow('facebook')).getByText('Inactive')).toBeDefined();
    expect(instructionRow('facebook').dataset.statusSource).toBe('form');
  });

  it('shows an active bot with its account, and the reason in Arabic', async () => {
    serve(undefined, () => ({
      telegram: connection({ status: 'active', account: '@pizza_bot' }),
      whatsapp: connection({
        status: 'banned',
        reason: 'Telegram refused the bot token: check it in @BotFather',
      }),
    }));
    await openChatbotPage('ar');
    expect(await within(instructionRow('telegram')).findByText('نشط')).toBeDefined();
    expect(within(instructionRow('telegram')).getByTestId('channel-account').textContent).toBe('@pizza_bot');
    expect(within(instructionRow('whatsapp')).getByText('محظور')).toBeDefined();
    expect(within(section('تعليمات البوت')).getByTestId('channel-reason').textContent).toBe(
      'رفض تيليجرام رمز البوت: تحقق منه في \u2066@BotFather\u2069',
    );
  });

  it('reads the status again after Save changes succeeds (the server connects while saving)', async () => {
    let connections: Connections = {};
    const fetchStub = serve(undefined, () => connections);
    await openChatbotPage();
    await within(section('Bot instructions')).findByText('Channel');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const readsBefore = statusReadsIn(fetchStub).length;
    expect(readsBefore).toBeGreaterThan(0);
    expect(within(section('Bot instructions')).queryByTestId('channel-account')).toBeNull();
    connections = { telegram: connection({ status: 'active', account: '@pizza_bot' }) };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(await within(section('Bot instructions')).findByText('@pizza_bot')).toBeDefined();
    expect(within(instructionRow('telegram')).getByText('Active')).toBeDefined();
    expect(statusReadsIn(fetchStub).length).toBeGreaterThan(readsBefore);
  });
});

describe('chatbot locale strings', () => {
  it('give every chatbot rule message its English text as the server sends it', () => {
    expect(en.chatbot.serverMessages).toEqual(chatbotMessages);
  });
});

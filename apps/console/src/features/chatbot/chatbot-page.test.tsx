import { type ChatbotBrowseResponse, chatbotMessages, defaultChatbotSettings } from '@hiwar/contracts';
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

function serve(
  saveAnswer: { status?: number; json: unknown } = { json: { status: 1, msg: 'successfully updated' } },
) {
  setToken('t');
  return stubServer((_method, path) => {
    if (path === '/chatbot/browse') return { json: browseAnswer() };
    if (path === '/chatbot/save') return saveAnswer;
    if (path === '/command/get_all') return { json: { status: 1, data: [] } };
    return { json: { status: 1, data: { user_id: 9, username: 'owner', avatar: null } } };
  });
}

const savesIn = (fetchStub: ReturnType<typeof serve>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/chatbot/save'));

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
    expect(await within(section('Telegram')).findByText('The verify token field is required')).toBeDefined();
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

describe('chatbot locale strings', () => {
  it('give every chatbot rule message its English text as the server sends it', () => {
    expect(en.chatbot.serverMessages).toEqual(chatbotMessages);
  });
});

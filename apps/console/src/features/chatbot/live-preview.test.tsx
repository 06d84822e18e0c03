import { type ChatbotBrowseResponse, defaultChatbotSettings } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { PREVIEW_FRAME_URL, PREVIEW_READY_MESSAGE, PREVIEW_SETTINGS_MESSAGE } from './live-preview.tsx';

function browseAnswer(): ChatbotBrowseResponse {
  const settings = defaultChatbotSettings();
  return {
    status: 1,
    data: {
      ...settings,
      chatbot_name: 'Saved bot',
      chatbot_id: 3,
      messenger_settings: {
        ...settings.messenger_settings,
        welcome_msg: 'Saved welcome',
        main_color: '#4066BF',
        iframe_tag: '<iframe></iframe>',
        embed_code: '<script></script>',
        whatsapp_web_hook: 'http://h/hooks/whatsapp/pub',
      },
    },
    chatbot_user_id: 9,
    user_token: 'pub',
  };
}

function serve() {
  setToken('owner-token');
  return stubServer((_method, path) => {
    if (path === '/chatbot/browse') return { json: browseAnswer() };
    if (path === '/chatbot/channels_status') return { json: { status: 1, data: {} } };
    if (path === '/command/get_all') return { json: { status: 1, data: [] } };
    if (path === '/test_chat/reset') return { json: { status: 1 } };
    return { json: { status: 1, data: { user_id: 9, username: 'owner', avatar: null } } };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const appearance = () => screen.getByRole('region', { name: 'Web Messenger Settings' });

/** Opens the preview and answers for the frame that it is ready; answers the spy on what the console posts. */
async function openPreview() {
  fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
  const frame = (await screen.findByTestId('live-preview')) as HTMLIFrameElement;
  const frameWindow = frame.contentWindow as Window;
  const posted = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => {});
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: PREVIEW_READY_MESSAGE },
      origin: window.location.origin,
      source: frameWindow,
    }),
  );
  return { frame, posted };
}

type Posted = { type: string; token: string; settings: Record<string, unknown> };
const lastPost = (posted: ReturnType<typeof vi.spyOn>) => posted.mock.calls.at(-1) as [Posted, string];

describe('the live preview of the chatbot settings', () => {
  it('posts the unsaved values and the owner’s token to the real messenger, and follows later changes', async () => {
    const server = serve();
    renderApp('/chatbot');
    await screen.findByTestId('chatbot-form', {}, { timeout: 15_000 });
    fireEvent.change(within(appearance()).getByLabelText('Welcome message', { selector: 'textarea' }), {
      target: { value: 'Hello from the draft' },
    });

    const { frame, posted } = await openPreview();
    // the token never goes in the address
    expect(frame.getAttribute('src')).toBe(PREVIEW_FRAME_URL);
    await waitFor(() => expect(posted).toHaveBeenCalled());
    const [message, targetOrigin] = lastPost(posted);
    expect(targetOrigin).toBe(window.location.origin);
    expect(message.type).toBe(PREVIEW_SETTINGS_MESSAGE);
    expect(message.token).toBe('owner-token');
    expect(message.settings).toMatchObject({
      chatbot_name: 'Saved bot',
      welcome_msg: 'Hello from the draft',
      main_color: '#4066BF',
      width: 380,
      height: 600,
    });

    fireEvent.change(within(appearance()).getByLabelText('Main colour'), { target: { value: '#AA3300' } });
    await waitFor(() => expect(lastPost(posted)[0].settings.main_color).toBe('#AA3300'));
    expect(lastPost(posted)[0].settings.welcome_msg).toBe('Hello from the draft');
    // nothing was saved
    expect(server.mock.calls.some(([url]) => String(url).endsWith('/chatbot/save'))).toBe(false);
  });

  it('ignores a ready message from another origin', async () => {
    serve();
    renderApp('/chatbot');
    await screen.findByTestId('chatbot-form', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    const frame = (await screen.findByTestId('live-preview')) as HTMLIFrameElement;
    const frameWindow = frame.contentWindow as Window;
    const posted = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => {});
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: PREVIEW_READY_MESSAGE },
        origin: 'https://evil.example',
        source: frameWindow,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(posted).not.toHaveBeenCalled();
  });

  it('starts the test chat over and draws the messenger again', async () => {
    const server = serve();
    renderApp('/chatbot');
    await screen.findByTestId('chatbot-form', {}, { timeout: 15_000 });
    const { posted } = await openPreview();
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(2));
    expect(server.mock.calls.some(([url]) => String(url).endsWith('/test_chat/reset'))).toBe(true);
  });
});

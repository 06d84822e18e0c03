import type { TestChatHistory, TestChatTurn } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubServer } from '../../test/render-app.tsx';
import { TestChatButton } from './test-chat-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const trace = [
  { step: 'language', note: 'en among en', ms: 0.4 },
  { step: 'understanding', note: 'command 7 (0.912)', ms: 3.2 },
  { step: 'prompt', note: 'asks for day', ms: 0 },
];

function turn(overrides: Partial<TestChatTurn>): TestChatTurn {
  return {
    turn_id: 1,
    replies: [],
    lang: 'en',
    matched: null,
    variables: {},
    waiting_for: null,
    trace,
    ...overrides,
  };
}

const emptyHistory: TestChatHistory = { turns: [], variables: {}, waiting_for: null };

/** A bot that asks for the day (quick replies), then the number of people, then answers. */
function chatServer(history: TestChatHistory = emptyHistory) {
  const sent: unknown[] = [];
  let resets = 0;
  const fetchStub = stubServer((method, path, body) => {
    if (method === 'GET' && path === '/test_chat/history') return { json: { status: 1, data: history } };
    if (method === 'POST' && path === '/test_chat/reset') {
      resets += 1;
      return { json: { status: 1 } };
    }
    if (method === 'POST' && path === '/test_chat/send') {
      const { event } = body as { event: { type: string; text?: string; payload?: string } };
      sent.push(event);
      if (event.type === 'text' && event.text === 'book a table') {
        return {
          json: {
            status: 1,
            data: turn({
              turn_id: 11,
              replies: [
                {
                  type: 'quick_replies',
                  text: 'Which day?',
                  replies: [
                    { label: 'Friday', payload: 'friday' },
                    { label: 'Saturday', payload: 'saturday' },
                  ],
                },
              ],
              matched: { command_id: 7, command_name: 'book a table', score: 0.912 },
              waiting_for: 'day',
            }),
          },
        };
      }
      if (event.type === 'postback') {
        return {
          json: {
            status: 1,
            data: turn({
              turn_id: 12,
              replies: [{ type: 'text', text: 'How many people?' }],
              matched: null,
              variables: { day: event.payload },
              waiting_for: 'people',
            }),
          },
        };
      }
      if (event.type === 'text' && event.text === 'fail') {
        return {
          status: 422,
          json: { status: 0, msg: 'The conversation is busy, please send the message again' },
        };
      }
      return {
        json: { status: 1, data: turn({ turn_id: 13, replies: [{ type: 'text', text: 'Sorry?' }] }) },
      };
    }
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
  return { fetchStub, sent, resets: () => resets };
}

async function openPanel(language: 'en' | 'ar' = 'en', command?: { id: number; name: string }) {
  renderAt(<TestChatButton command={command} />, '/', language);
  fireEvent.click(screen.getByTestId('test-chat-open'));
  return screen.findByTestId('test-chat-input');
}

async function type(text: string) {
  const input = screen.getByTestId('test-chat-input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form') as HTMLFormElement);
}

describe('test chat panel', () => {
  it('sends a typed message on Enter and shows the reply with its trace', async () => {
    const server = chatServer();
    await openPanel();
    expect(screen.getByText('Send a message to start a conversation with your bot.')).toBeDefined();
    await type('book a table');
    const answer = await screen.findByTestId('bot-answer');
    expect(within(answer).getByText('Which day?')).toBeDefined();
    expect(within(answer).getByTestId('trace-matched').textContent).toBe('book a table · score 0.912');
    expect(within(answer).getByTestId('trace-lang').textContent).toBe('Language: en');
    expect(within(answer).getByTestId('trace-waiting').textContent).toBe('Waiting for day');
    expect(server.sent).toEqual([{ type: 'text', text: 'book a table' }]);
    expect((screen.getByTestId('test-chat-input') as HTMLInputElement).value).toBe('');
    const sender = screen.getByTestId('sender-message');
    expect(within(sender).getByText('book a table').getAttribute('dir')).toBe('auto');

    // the steps are collapsed until asked for
    expect(within(answer).queryByTestId('trace-steps')).toBeNull();
    fireEvent.click(within(answer).getByTestId('trace-steps-toggle'));
    expect(within(answer).getByTestId('trace-steps').textContent).toContain('asks for day');
  });

  it('sends a quick reply as a postback with its payload and label, and shows the values', async () => {
    const server = chatServer();
    await openPanel();
    await type('book a table');
    fireEvent.click(await screen.findByRole('button', { name: 'Saturday' }));
    await waitFor(() => expect(screen.getAllByTestId('bot-answer')).toHaveLength(2));
    expect(server.sent.at(-1)).toEqual({ type: 'postback', payload: 'saturday', label: 'Saturday' });
    const last = screen.getAllByTestId('test-chat-entry').at(-1) as HTMLElement;
    expect(within(last).getByTestId('sender-message').textContent).toBe('Saturday');
    expect(within(last).getByTestId('trace-not-understood')).toBeDefined();
    expect(within(last).getByTestId('trace-variables').textContent).toContain('day = saturday');
  });

  it('starts the command of the page it was opened from', async () => {
    const server = chatServer();
    await openPanel('en', { id: 7, name: 'book a table' });
    fireEvent.click(screen.getByTestId('test-chat-start-command'));
    await screen.findByTestId('bot-answer');
    expect(server.sent).toEqual([{ type: 'postback', payload: 'cmd:7', label: 'book a table' }]);
  });

  it('shows a refused message in place of the answer', async () => {
    chatServer();
    await openPanel();
    await type('fail');
    expect((await screen.findByTestId('bot-error')).textContent).toContain('busy');
  });

  it('reopens where the conversation was and clears it on reset', async () => {
    const server = chatServer({
      turns: [
        {
          turn_id: 5,
          at: '2026-11-26T10:00:00.000Z',
          event: { type: 'text', text: 'book a table' },
          replies: [{ type: 'text', text: 'Which day?' }],
          lang: 'en',
          matched: { command_id: 7, command_name: 'book a table', score: 0.9 },
          trace,
        },
      ],
      variables: {},
      waiting_for: 'day',
    });
    await openPanel();
    const answer = await screen.findByTestId('bot-answer');
    expect(within(answer).getByText('Which day?')).toBeDefined();
    expect(within(answer).getByTestId('trace-waiting').textContent).toBe('Waiting for day');
    fireEvent.click(screen.getByTestId('test-chat-reset'));
    await waitFor(() => expect(screen.queryByTestId('bot-answer')).toBeNull());
    expect(server.resets()).toBe(1);
    expect(screen.getByText('Send a message to start a conversation with your bot.')).toBeDefined();
  });

  it('speaks Arabic and opens on the inline end of the page', async () => {
    chatServer();
    const input = await openPanel('ar');
    expect(input.getAttribute('dir')).toBe('auto');
    expect(screen.getByText('أرسل رسالة لتبدأ محادثة مع البوت.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'إعادة البدء' })).toBeDefined();
    // flex-end of a right-to-left page is its left side
    const root = document.querySelector('.mantine-Drawer-root');
    expect(root?.getAttribute('style') ?? '').toContain('--drawer-justify: flex-end');
    await type('book a table');
    const answer = await screen.findByTestId('bot-answer');
    const toggle = within(answer).getByTestId('trace-steps-toggle');
    expect(toggle.textContent).toBe('الخطوات: 3');
    // the closed steps point to where the text goes: left in Arabic
    expect(toggle.querySelector('.tabler-icon-chevron-left')).not.toBeNull();
  });
});

import type { DebugResult } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { HISTORY_KEY } from './message-history.ts';

afterEach(() => vi.unstubAllGlobals());

function resultFor(message: string): DebugResult {
  return {
    matched_command: {
      command_id: 7,
      command_name: 'order_pizza',
      service_name: 'Food',
      score: 0.81,
      cosine: 0.74,
    },
    replies: [
      { type: 'text', text: `You said ${message}` },
      { type: 'quick_replies', text: 'Which size?', replies: [{ label: 'Large', payload: 'large' }] },
    ],
    cosine_threshold: 0.5,
    similar_vectors: {
      top_commands: [
        { command_id: 7, command_name: 'order_pizza', score: 0.81 },
        { command_id: 8, command_name: 'order_drink', score: 0.76 },
        { command_id: 9, command_name: 'weather', score: 0.2 },
      ],
      top_examples: [{ example_id: 1, text: 'i want a pizza', command_id: 7, score: 0.9 }],
    },
    similar_commands: { top_commands: [], top_examples: [] },
    command_variables: { size: 'large' },
    entities: [{ type: 'number', text: 'two', value: 2, start: 0, end: 3 }],
    lang: 'en',
    sender_bank: {
      command_id: 7,
      cursor: null,
      in_progress: false,
      msg: message,
      prompt: { vars: [] },
      reply_source: 'command',
      vars: {},
    },
  };
}

function debugServer(fail = false) {
  return stubServer((_method, path) => {
    if (path === '/user/me') return { json: { status: 1, data: { username: 'owner' } } };
    if (path.startsWith('/debug?')) {
      if (fail) return { status: 500, json: { status: 0, msg: 'The model is not ready' } };
      const message = new URL(path, 'http://x').searchParams.get('message') ?? '';
      return { json: { status: 1, data: resultFor(message) } };
    }
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
}

function input() {
  return screen.getByTestId('debug-input') as HTMLInputElement;
}

async function runMessage(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.submit(input().closest('form') as HTMLFormElement);
  await waitFor(() => expect(screen.getByTestId('debug-sample').textContent).toContain(`You said ${text}`));
}

const press = (key: 'ArrowUp' | 'ArrowDown') => fireEvent.keyDown(input(), { key });

describe('debugger', () => {
  it('asks for a message before running', async () => {
    setToken('t');
    const fetchStub = debugServer();
    renderApp('/debugger');
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The message field is required')).toBeDefined();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('/debug'))).toBe(false);
  });

  it('shows the matched command in scope, the conflicting runner-up, variables and the replies', async () => {
    setToken('t');
    debugServer();
    renderApp('/debugger');
    await screen.findByTestId('debug-input');
    await runMessage('two large pizzas');
    const matched = screen.getByTestId('debug-matched');
    expect(within(matched).getByText('order_pizza')).toBeDefined();
    expect(within(matched).getByText('In scope')).toBeDefined();
    expect(within(matched).getByText('0.740 vs threshold 0.500')).toBeDefined();
    const conflicts = screen.getByTestId('debug-conflicts');
    expect(within(conflicts).getByText('order_drink')).toBeDefined();
    expect(within(conflicts).queryByText('weather')).toBeNull();
    expect(within(screen.getByTestId('debug-variables')).getByText('large')).toBeDefined();
    expect(within(screen.getByTestId('debug-sample')).getByText('Large')).toBeDefined();
    expect(within(screen.getByTestId('debug-json')).getByText('sender_bank:')).toBeDefined();
  });

  it('steps through the sent messages with Up and Down and keeps them after a reload', async () => {
    setToken('t');
    debugServer();
    const first = renderApp('/debugger');
    await screen.findByTestId('debug-input');
    await runMessage('hello');
    await runMessage('pizza please');
    await runMessage('pizza please');
    expect(JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(['hello', 'pizza please']);

    press('ArrowUp');
    expect(input().value).toBe('hello');
    press('ArrowUp');
    expect(input().value).toBe('hello');
    press('ArrowDown');
    expect(input().value).toBe('pizza please');
    press('ArrowDown');
    expect(input().value).toBe('');

    first.unmount();
    renderApp('/debugger');
    fireEvent.change(await screen.findByTestId('debug-input'), { target: { value: 'half typed' } });
    press('ArrowUp');
    expect(input().value).toBe('pizza please');
    press('ArrowDown');
    expect(input().value).toBe('half typed');
  });

  it('shows a failed request as the sample output', async () => {
    setToken('t');
    debugServer(true);
    renderApp('/debugger');
    fireEvent.change(await screen.findByTestId('debug-input'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const sample = await screen.findByTestId('debug-sample');
    expect(within(sample).getByText('The model is not ready')).toBeDefined();
    expect(screen.queryByTestId('debug-matched')).toBeNull();
  });

  it('speaks Arabic and lets the message input follow the writing direction of the message', async () => {
    setToken('t');
    debugServer();
    renderApp('/debugger', 'ar');
    const field = await screen.findByTestId('debug-input');
    expect(field.getAttribute('dir')).toBe('auto');
    expect(screen.getByRole('button', { name: 'تشغيل' })).toBeDefined();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderAt, stubServer } from '../../test/render-app.tsx';
import { TrainButton } from './train-button.tsx';
import { TRAINING_POLL_MS } from './use-training.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Train button', () => {
  it('shows Training while the server is busy, asking every 10 seconds, and is enabled again when it is free', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('t');
    const answers = ['free', 'still running', 'free'];
    const fetchStub = stubServer((_method, path) => {
      if (path === '/command_example/train/3') return { json: { status: 1, msg: 'Training has started' } };
      return { json: { status: 1, msg: answers.shift() === 'still running' ? 'still running' : 'free' } };
    });
    renderAt(<TrainButton commandId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Train' }));
    expect(await screen.findByText('Training has started')).toBeDefined();
    expect((screen.getByRole('button', { name: 'Training' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(screen.getByRole('button', { name: 'Training' })).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect((screen.getByRole('button', { name: 'Train' }) as HTMLButtonElement).disabled).toBe(false);
    const checks = fetchStub.mock.calls.filter(([url]) => url === '/api/command_example/check-if-free');
    expect(checks).toHaveLength(3);
  });
});

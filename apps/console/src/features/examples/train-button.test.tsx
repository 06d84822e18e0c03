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

const stillRunning = { json: { status: 0, msg: 'still running' } };
const free = { json: { status: 1, msg: 'free' } };

/** The server's answers to check-if-free, in order; the train call answers `train`. */
function trainingServer(train: { json: object }, checks: { json: object }[]) {
  return stubServer((_method, path) => {
    if (path === '/command_example/train/3') return train;
    return checks.shift() ?? free;
  });
}

const checksMade = (fetchStub: ReturnType<typeof stubServer>) =>
  fetchStub.mock.calls.filter(([url]) => url === '/api/command_example/check-if-free').length;

describe('Train button', () => {
  it('shows Training while the server is busy, asking every 10 seconds, and is enabled again when it is free', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('t');
    const fetchStub = trainingServer({ json: { status: 1, msg: 'Training started' } }, [
      free,
      stillRunning,
      free,
    ]);
    renderAt(<TrainButton commandId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Train' }));
    expect(await screen.findByText('Training started')).toBeDefined();
    expect((screen.getByRole('button', { name: 'Training' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(screen.getByRole('button', { name: 'Training' })).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect((screen.getByRole('button', { name: 'Train' }) as HTMLButtonElement).disabled).toBe(false);
    expect(checksMade(fetchStub)).toBe(3);
  });

  it('waits for a training that is already running, and shows its message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('t');
    trainingServer(stillRunning, [free, free]);
    renderAt(<TrainButton commandId={3} />, '/', 'ar');
    fireEvent.click(await screen.findByRole('button', { name: 'درّب' }));
    expect(await screen.findByText('التدريب ما زال جاريًا')).toBeDefined();
    expect((screen.getByRole('button', { name: 'جارٍ التدريب' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(screen.getByRole('button', { name: 'درّب' })).toBeDefined();
  });

  it('shows the button busy when the tab opens during a training', async () => {
    setToken('t');
    trainingServer(free, [stillRunning]);
    renderAt(<TrainButton commandId={3} />);
    expect(await screen.findByRole('button', { name: 'Training' })).toBeDefined();
  });
});

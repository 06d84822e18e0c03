import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderAt, stubServer } from '../../test/render-app.tsx';
import { TrainButton } from './train-button.tsx';
import { TRAINING_POLL_MS } from './use-training.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stillRunning = { json: { status: 0, msg: 'still running' } };
const free = { json: { status: 1, msg: 'free' } };
const freeAfter = (last_training: object) => ({ json: { status: 1, msg: 'free', last_training } });
const finishedIn12s = {
  status: 'done',
  queued_at: '2026-05-01T10:00:00.000Z',
  finished_at: '2026-05-01T10:00:12.400Z',
  error: null,
};

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

  it('says when the training finished and how long it took', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('t');
    trainingServer({ json: { status: 1, msg: 'Training started' } }, [
      freeAfter(finishedIn12s),
      freeAfter(finishedIn12s),
    ]);
    renderAt(<TrainButton commandId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Train' }));
    expect(await screen.findByRole('button', { name: 'Training' })).toBeDefined();
    expect(screen.queryByText(/Training finished/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(await screen.findByText('Training finished in 12 s')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Train' })).toBeDefined();
  });

  it('says why a training failed, in Arabic', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('t');
    const failed = {
      status: 'failed',
      queued_at: '2026-05-01T10:00:00.000Z',
      finished_at: '2026-05-01T10:01:05.000Z',
      error: 'abandoned by a stopped worker',
    };
    trainingServer({ json: { status: 1, msg: 'Training started' } }, [free, stillRunning, freeAfter(failed)]);
    renderAt(<TrainButton commandId={3} />, '/', 'ar');
    fireEvent.click(await screen.findByRole('button', { name: 'درّب' }));
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(screen.queryByText(/فشل التدريب/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(await screen.findByText('فشل التدريب بعد 1 د 5 ث')).toBeDefined();
    expect(screen.getByText('abandoned by a stopped worker')).toBeDefined();
  });

  it('reports the end of a training that was running when the tab opened (after navigating back)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('t');
    trainingServer(free, [stillRunning, freeAfter(finishedIn12s)]);
    renderAt(<TrainButton commandId={3} />);
    expect(await screen.findByRole('button', { name: 'Training' })).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    expect(await screen.findByText('Training finished in 12 s')).toBeDefined();
  });

  it('reports a training that ended while the owner was on another screen when the tab opens again', async () => {
    setToken('t');
    const finishedIn7s = { ...finishedIn12s, finished_at: '2026-05-01T10:00:07.000Z' };
    trainingServer({ json: { status: 1, msg: 'Training started' } }, [free, freeAfter(finishedIn7s)]);
    const away = renderAt(<TrainButton commandId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Train' }));
    await screen.findByRole('button', { name: 'Training' });
    away.unmount();
    renderAt(<TrainButton commandId={3} />);
    expect(await screen.findByText('Training finished in 7 s')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Train' })).toBeDefined();
  });

  it('says nothing of an earlier training when the tab opens with the server free', async () => {
    setToken('t');
    const finishedIn40s = { ...finishedIn12s, finished_at: '2026-05-01T10:00:40.000Z' };
    const fetchStub = trainingServer(free, [freeAfter(finishedIn40s)]);
    renderAt(<TrainButton commandId={3} />);
    await screen.findByRole('button', { name: 'Train' });
    await vi.waitFor(() => expect(checksMade(fetchStub)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Training finished in 40 s')).toBeNull();
  });

  it('shows the button busy when the tab opens during a training', async () => {
    setToken('t');
    trainingServer(free, [stillRunning]);
    renderAt(<TrainButton commandId={3} />);
    expect(await screen.findByRole('button', { name: 'Training' })).toBeDefined();
  });
});

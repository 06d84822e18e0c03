import { performance } from 'node:perf_hooks';
import type {
  FakeTelegram,
  RecordedCall,
} from '../../apps/server/src/testing/channels/telegram/fake-telegram-api.ts';

/**
 * Calls `onCall` with each sendMessage the fake records, at the moment it arrives (the fake's `calls.push`),
 * until the answered `unwatch` puts the fake back as it was — so one run's watcher does not outlive it and
 * runs after it do not pass every call through the watchers of the runs before.
 */
export function watchSendMessages(
  fake: FakeTelegram,
  onCall: (call: RecordedCall, at: number) => void,
): () => void {
  const calls = fake.calls;
  const push = calls.push;
  calls.push = (...recorded) => {
    const at = performance.now();
    for (const call of recorded) if (call.method === 'sendMessage') onCall(call, at);
    return push.apply(calls, recorded);
  };
  return () => {
    calls.push = push;
  };
}

import { performance } from 'node:perf_hooks';
import type { TurnState } from './turn-state.ts';

/** Runs one step of the turn and records what it decided (the string it answers) and how long it took. */
export async function traced<T extends { note: string }>(
  turn: TurnState,
  step: string,
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await run();
  turn.trace.push({ step, note: result.note, ms: Math.round((performance.now() - started) * 100) / 100 });
  return result;
}

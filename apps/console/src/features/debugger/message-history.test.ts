import { describe, expect, it } from 'vitest';
import {
  appendMessage,
  HISTORY_KEY,
  HISTORY_LIMIT,
  loadHistory,
  saveHistory,
  stepHistory,
} from './message-history.ts';

describe('debugger message history', () => {
  it('adds messages newest last and skips a repeat of the newest one', () => {
    let history = appendMessage([], 'hello');
    history = appendMessage(history, 'pizza');
    history = appendMessage(history, 'pizza');
    history = appendMessage(history, 'hello');
    expect(history).toEqual(['hello', 'pizza', 'hello']);
  });

  it(`keeps the newest ${HISTORY_LIMIT} messages`, () => {
    const full = Array.from({ length: HISTORY_LIMIT }, (_, index) => `m${index}`);
    const history = appendMessage(full, 'newest');
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]).toBe('m1');
    expect(history.at(-1)).toBe('newest');
  });

  it('survives in localStorage and ignores a damaged entry', () => {
    saveHistory(['a', 'b']);
    expect(loadHistory()).toEqual(['a', 'b']);
    localStorage.setItem(HISTORY_KEY, '{not json');
    expect(loadHistory()).toEqual([]);
  });

  it('steps older and newer, then back to what was being typed', () => {
    const history = ['one', 'two'];
    const up = stepHistory(history, { index: 2, draft: '' }, 'typing', 'older');
    expect(up?.text).toBe('two');
    const upAgain = up && stepHistory(history, up.cursor, up.text, 'older');
    expect(upAgain?.text).toBe('one');
    expect(upAgain && stepHistory(history, upAgain.cursor, 'one', 'older')).toBeNull();
    const down = upAgain && stepHistory(history, upAgain.cursor, 'one', 'newer');
    const backToDraft = down && stepHistory(history, down.cursor, 'two', 'newer');
    expect(backToDraft?.text).toBe('typing');
    expect(backToDraft && stepHistory(history, backToDraft.cursor, 'typing', 'newer')).toBeNull();
  });
});

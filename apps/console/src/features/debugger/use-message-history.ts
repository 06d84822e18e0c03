import { type KeyboardEvent, useState } from 'react';
import {
  appendMessage,
  type HistoryCursor,
  loadHistory,
  saveHistory,
  stepHistory,
} from './message-history.ts';

/**
 * The debugger input's text with its history: Up and Down step through the sent messages; `remember` adds a
 * sent one (newest last). The sent message stays in the input as the newest entry, so Up next shows the one
 * before it and Down clears the input for a new message.
 */
export function useMessageHistory() {
  const [history, setHistory] = useState(loadHistory);
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState<HistoryCursor>(() => ({ index: history.length, draft: '' }));

  const step = (direction: 'older' | 'newer') => {
    const next = stepHistory(history, cursor, text, direction);
    if (!next) return;
    setCursor(next.cursor);
    setText(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    step(event.key === 'ArrowUp' ? 'older' : 'newer');
  };

  const type = (value: string) => {
    setText(value);
    setCursor({ index: history.length, draft: value });
  };

  const remember = (message: string) => {
    const updated = appendMessage(history, message);
    saveHistory(updated);
    setHistory(updated);
    setCursor({ index: updated.length - 1, draft: '' });
  };

  return { text, type, onKeyDown, remember, history };
}

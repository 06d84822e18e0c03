import { defaultChatbotSettings } from '@hiwar/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render-app.tsx';
import { REPLY_DELAY_MS, WidgetPreview } from './widget-preview.tsx';

afterEach(() => vi.useRealTimers());

function showPreview(welcome: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const settings = { ...defaultChatbotSettings().messenger_settings, welcome_msg: welcome };
  renderAt(<WidgetPreview name="Sunrise Bakery" settings={settings} />);
  act(() => vi.advanceTimersByTime(REPLY_DELAY_MS));
  return screen.getByTestId('widget-preview');
}

describe('the messenger preview beside the settings', () => {
  it('greets with the welcome message the owner wrote', () => {
    const preview = showPreview('Fresh bread every morning!');
    expect(preview.textContent).toContain('Fresh bread every morning!');
  });

  it('shows no greeting when none is set, as the messenger opens without one', () => {
    const preview = showPreview('  ');
    const texts = Array.from(preview.querySelectorAll('p'), (text) => text.textContent);
    expect(texts).toEqual([
      'Sunrise Bakery',
      'What can you do?',
      'I can answer your questions and take your orders.',
    ]);
  });
});

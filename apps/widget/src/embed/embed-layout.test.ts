import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_SETTINGS, frameUrl, placeMessenger, settingsUrl } from './embed-layout.ts';

const desktop = { width: 1280, height: 900 };

describe('placing the messenger on the page', () => {
  it('sits bottom-right at the owner size for English', () => {
    const placement = placeMessenger({ ...DEFAULT_EMBED_SETTINGS, width: 400, height: 650 }, 'en', desktop);
    expect(placement).toMatchObject({ language: 'en', side: 'right', width: 400, height: 650 });
  });

  it('sits bottom-left for Arabic, from the locale or the bot default', () => {
    expect(placeMessenger(DEFAULT_EMBED_SETTINGS, 'ar', desktop).side).toBe('left');
    const arabicBot = { ...DEFAULT_EMBED_SETTINGS, default_lang: 'ar' as const };
    expect(placeMessenger(arabicBot, 'LOCALE', desktop).side).toBe('left');
    expect(placeMessenger(arabicBot, 'en_US', desktop).side).toBe('right');
  });

  it('shrinks to fit a phone screen above the launcher', () => {
    const placement = placeMessenger(DEFAULT_EMBED_SETTINGS, 'en', { width: 360, height: 640 });
    expect(placement.width).toBe(320);
    expect(placement.height).toBe(640 - placement.frameBottom - 20);
  });

  it('points the frame and the settings call at the Hiwar origin the script came from', () => {
    const src = 'https://bots.example.com/widget/embed.js';
    expect(frameUrl(src, 'tok en', 'ar')).toBe(
      'https://bots.example.com/widget/frame.html?bot=tok+en&locale=ar&embed=1',
    );
    expect(frameUrl(src, 'b', undefined, { id: 42 })).toBe(
      'https://bots.example.com/widget/frame.html?bot=b&sender=42&embed=1',
    );
    const hash = 'ab'.repeat(32);
    expect(frameUrl(src, 'b', undefined, { id: 42, hash })).toBe(
      `https://bots.example.com/widget/frame.html?bot=b&sender=42&sender_hash=${hash}&embed=1`,
    );
    expect(settingsUrl(src, 'tok en')).toBe('https://bots.example.com/widget/api/tok%20en/settings');
  });
});

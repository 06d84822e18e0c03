import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './choose-language.ts';

describe('chooseLanguage', () => {
  it('answers the only language a bot has, whatever the message looks like', () => {
    expect(chooseLanguage('pizza', ['en'])).toMatchObject({ lang: 'en', runnerUp: null });
    expect(chooseLanguage('what is the weather', ['de'])).toMatchObject({ lang: 'de', runnerUp: null });
    expect(chooseLanguage('مرحبا', ['en'])).toMatchObject({ lang: 'en', runnerUp: null });
  });

  it('keeps the script decisive between Arabic and a Latin language, priors notwithstanding', () => {
    expect(chooseLanguage('اريد بيتزا', ['en', 'ar'], { locale: 'en', previous: 'en' })).toMatchObject({
      lang: 'ar',
      runnerUp: null,
    });
    expect(chooseLanguage('pizza', ['ar', 'en'], { locale: 'ar', previous: 'ar' })).toMatchObject({
      lang: 'en',
      runnerUp: null,
    });
  });

  it('names a close runner-up for a message with little evidence', () => {
    const choice = chooseLanguage('pizza', ['en', 'de']);
    expect(choice.runnerUp).not.toBeNull();
    expect(new Set([choice.lang, choice.runnerUp])).toEqual(new Set(['en', 'de']));
    expect(chooseLanguage('42', ['en', 'de']).runnerUp).not.toBeNull();
  });

  it('decides without a runner-up when the words are clear', () => {
    expect(chooseLanguage('wie ist das wetter heute', ['en', 'de'])).toMatchObject({
      lang: 'de',
      runnerUp: null,
    });
    expect(chooseLanguage('what is the weather today', ['en', 'de'])).toMatchObject({
      lang: 'en',
      runnerUp: null,
    });
  });

  it('lets the locale and the previous message decide an ambiguous message', () => {
    expect(chooseLanguage('Hotel', ['en', 'de'], { locale: 'de', previous: 'de' })).toMatchObject({
      lang: 'de',
      runnerUp: null,
    });
    expect(chooseLanguage('pizza', ['en', 'de'], { locale: 'en', previous: 'en' })).toMatchObject({
      lang: 'en',
      runnerUp: null,
    });
    expect(chooseLanguage('Hotel', ['en', 'de'], { locale: 'de' }).lang).toBe('de');
    expect(chooseLanguage('42', ['en', 'de'], { previous: 'de' }).lang).toBe('de');
  });

  it('does not let priors overrule clear words', () => {
    expect(
      chooseLanguage('wie ist das wetter heute', ['en', 'de'], { locale: 'en', previous: 'en' }).lang,
    ).toBe('de');
  });

  it('considers every language when the bot has none yet', () => {
    expect(chooseLanguage('مرحبا', []).lang).toBe('ar');
    expect(chooseLanguage('weck mich morgen', []).lang).toBe('de');
  });
});

import { describe, expect, it } from 'vitest';
import { detectLanguage, exampleLanguage } from './language.ts';

describe('detectLanguage', () => {
  it('recognises Arabic script, also mixed with Latin names', () => {
    expect(detectLanguage('ما هو الطقس اليوم')).toBe('ar');
    expect(detectLanguage('شغل اغنية adele')).toBe('ar');
  });

  it.each([
    ['wake me up at seven tomorrow', 'en'],
    ['what is the weather like in berlin', 'en'],
    ['please turn off the lights', 'en'],
    ['weck mich morgen um sieben', 'de'],
    ['wie ist das wetter in berlin', 'de'],
    ['schalte bitte das licht aus', 'de'],
    ['lautstärke hoch', 'de'],
    ['ich möchte eine pizza bestellen', 'de'],
  ])('tells English from German: %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('falls back to English when there is no evidence', () => {
    expect(detectLanguage('ok')).toBe('en');
  });
});

describe('exampleLanguage', () => {
  it('is Arabic for Arabic script, whatever the command and the owner’s languages', () => {
    expect(exampleLanguage('متى تفتحون', 'en', ['en'])).toBe('ar');
    expect(exampleLanguage('هل عندكم iPhone 15', 'de', ['de'])).toBe('ar');
  });

  it('picks English or German by the detector among the languages the owner uses', () => {
    expect(exampleLanguage('wann habt ihr heute geöffnet', 'en', ['en', 'de'])).toBe('de');
    expect(exampleLanguage('when are you open today', 'de', ['en', 'de'])).toBe('en');
  });

  it('keeps the command’s language when the detected one is not the owner’s, or the text has no letters', () => {
    expect(exampleLanguage('wann habt ihr heute geöffnet', 'en', ['en', 'ar'])).toBe('en');
    expect(exampleLanguage('ok', 'de', ['de'])).toBe('de');
    expect(exampleLanguage('iPhone 15', 'ar', ['ar'])).toBe('ar');
    expect(exampleLanguage('42 / 7', 'de', ['en', 'de'])).toBe('de');
  });
});

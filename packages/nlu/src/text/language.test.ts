import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';

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

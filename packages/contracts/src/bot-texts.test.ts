import { describe, expect, it } from 'vitest';
import {
  botLanguageOf,
  botTextDefinitions,
  botTextKeys,
  botTextsSchema,
  botWordsOf,
  fillBotText,
  placeholdersIn,
} from './bot-texts.ts';
import { botLanguages } from './localized-text.ts';

describe('the bot’s own texts', () => {
  it('has every text in Arabic, English and German, naming only its own placeholders', () => {
    for (const key of botTextKeys) {
      const { defaults, placeholders } = botTextDefinitions[key];
      for (const language of botLanguages) {
        expect(defaults[language].trim(), `${key}.${language}`).not.toBe('');
        expect(placeholdersIn(defaults[language]).sort(), `${key}.${language}`).toEqual(
          [...placeholders].sort(),
        );
      }
    }
  });

  it('fills the placeholders it has values for and leaves other braces as written', () => {
    expect(fillBotText('{title} × {quantity} — {other} {}', { title: 'Koshari', quantity: 2 })).toBe(
      'Koshari × 2 — {other} {}',
    );
  });

  it('says the owner’s wording where set and not blank, else the default of the language', () => {
    const say = botWordsOf({ added: { ar: 'أضفنا {title} ({quantity})', en: '  ' } }, 'ar');
    expect(say('added', { title: 'كشري', quantity: 2 })).toBe('أضفنا كشري (2)');
    expect(say('emptyCart')).toBe('سلتك فارغة.');
    expect(botWordsOf({ added: { en: ' ' } }, 'en')('added', { title: 'Tea', quantity: 1 })).toBe(
      'Tea × 1 is in your cart.',
    );
  });

  it('keeps only versions with text and checks their placeholders', () => {
    expect(
      botTextsSchema.parse({ added: { en: ' {title} ok ', ar: '', de: null }, emptied: { en: '' } }),
    ).toEqual({
      added: { en: '{title} ok' },
    });
    expect(botTextsSchema.parse(null)).toEqual({});
    const refused = botTextsSchema.safeParse({ added: { de: '{titel}' }, nothing: { en: 'x' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['added.de', 'nothing']);
  });

  it('reads a stored language code as one of the bot’s, English otherwise', () => {
    expect(botLanguageOf('ar')).toBe('ar');
    expect(botLanguageOf('fr')).toBe('en');
    expect(botLanguageOf(null)).toBe('en');
  });
});

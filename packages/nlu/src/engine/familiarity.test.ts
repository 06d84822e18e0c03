import { afterEach, describe, expect, it } from 'vitest';
import { clearLexicons, type Lexicon, useLexicon } from './lexicon.ts';
import { addExample, predict, train } from './model.ts';

const examples = (command: string, texts: string[]) =>
  texts.map((text, index) => ({ id: `${command}-${index}`, text, command }));

const PIZZA_SHOP = [
  ...examples('order pizza', ['I want to order a pizza', 'order pizza', 'can I get a large margherita']),
  ...examples('opening hours', ['when are you open', 'opening hours', 'what time do you close']),
  ...examples('greeting', ['hello', 'hi there', 'good morning']),
];

afterEach(() => clearLexicons());

describe('a message the bot has no words for', () => {
  it('is out of scope, made-up words and random letters alike, with one command or several', () => {
    const model = train(PIZZA_SHOP, { lang: 'en', parser: 'default' });
    for (const text of ['plugh frobozz', 'xyzzy', 'parking spots nearby', 'gluten free dough']) {
      expect(predict(model, text).isOutOfScope, text).toBe(true);
    }
    const single = train(examples('order pizza', ['I want to order a pizza', 'order pizza']), {
      lang: 'en',
      parser: 'default',
    });
    expect(predict(single, 'a3f9c0d2e1b4a3f9c0d2e1b4a3f9c0d2e1b4abcd').isOutOfScope).toBe(true);
    expect(predict(single, 'order a pizza').isOutOfScope).toBe(false);
  });

  it('keeps typos, new forms of known words and known words among strange ones in scope', () => {
    const model = train(PIZZA_SHOP, { lang: 'en', parser: 'default' });
    for (const [text, command] of [
      ['pizzza please', 'order pizza'],
      ['opne hours?', 'opening hours'],
      ['helo', 'greeting'],
      ['ordering two pizzas for frobozz', 'order pizza'],
    ] as const) {
      const prediction = predict(model, text);
      expect(prediction.isOutOfScope, text).toBe(false);
      expect(prediction.ranking[0]?.command, text).toBe(command);
    }
  });

  it('learns the words of an example added without a full training', () => {
    const model = train(PIZZA_SHOP, { lang: 'en', parser: 'default' });
    expect(predict(model, 'calzone').isOutOfScope).toBe(true);
    const updated = addExample(model, { id: 'new', text: 'a calzone please', command: 'order pizza' });
    expect(predict(updated, 'calzone').isOutOfScope).toBe(false);
    // the model it came from keeps its own words
    expect(predict(model, 'calzone').isOutOfScope).toBe(true);
  });

  it('counts a word that shares a concept of the lexicon with an example as known', () => {
    const lexicon: Lexicon = {
      name: 'familiarity-test',
      lang: 'en',
      concepts: (word) => ({ buy: [1], purchase: [1], order: [1] })[word] ?? [],
    };
    useLexicon(lexicon);
    const model = train(PIZZA_SHOP, { lang: 'en', parser: 'default' });
    expect(predict(model, 'purchase').isOutOfScope).toBe(false);
  });

  it('knows a German compound by its part and an Arabic word under a clitic', () => {
    const german = train(
      [
        ...examples('bestellen', ['ich möchte eine pizza bestellen', 'pizza bitte']),
        ...examples('zeiten', ['wann habt ihr offen', 'öffnungszeiten']),
      ],
      { lang: 'de', parser: 'default' },
    );
    expect(predict(german, 'pizzabestellung').isOutOfScope).toBe(false);
    expect(predict(german, 'quirlexbanf').isOutOfScope).toBe(true);
    const arabic = train(
      [
        ...examples('طلب', ['اريد بيتزا', 'اطلب بيتزا كبيرة']),
        ...examples('مواعيد', ['متى تفتحون', 'مواعيد العمل']),
      ],
      { lang: 'ar', parser: 'default' },
    );
    expect(predict(arabic, 'وبالبيتزا').isOutOfScope).toBe(false);
    expect(predict(arabic, 'زغلطوف').isOutOfScope).toBe(true);
  });
});

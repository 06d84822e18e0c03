import { describe, expect, it } from 'vitest';
import { predict, train } from './model.ts';
import type { Lang, TrainingExample } from './types.ts';

// A tiny hand-written corpus per language: four commands, five examples each, and unseen paraphrases.
type Corpus = { train: Record<string, string[]>; test: [string, string][] };

const CORPORA: Record<Lang, Corpus> = {
  en: {
    train: {
      weather: [
        'what is the weather today',
        'will it rain tomorrow',
        'how hot is it outside',
        'is it going to snow',
        'weather forecast for the weekend',
      ],
      alarm: [
        'wake me up at seven',
        'set an alarm for 6 am',
        'alarm for tomorrow morning',
        'remind me to get up at eight',
        'turn on my alarm',
      ],
      music: [
        'play some jazz',
        'put on my playlist',
        'i want to hear a song',
        'play music by adele',
        'start the radio',
      ],
      order: [
        'where is my order',
        'track my package',
        'has my parcel shipped',
        'when will my delivery arrive',
        'order status please',
      ],
    },
    test: [
      ['is it raining in london', 'weather'],
      ['set my alarm for nine', 'alarm'],
      ['play a song by queen', 'music'],
      ['where is my parcel', 'order'],
      ['forecast for tomorrow', 'weather'],
      ['track my delivery', 'order'],
    ],
  },
  de: {
    train: {
      weather: [
        'wie ist das wetter heute',
        'wird es morgen regnen',
        'wie warm ist es draußen',
        'schneit es bald',
        'wettervorhersage fürs wochenende',
      ],
      alarm: [
        'weck mich um sieben',
        'stell einen wecker auf sechs uhr',
        'wecker für morgen früh',
        'erinnere mich um acht aufzustehen',
        'schalte meinen wecker ein',
      ],
      music: [
        'spiel etwas jazz',
        'spiel meine playlist',
        'ich möchte ein lied hören',
        'spiele musik von adele',
        'mach das radio an',
      ],
      order: [
        'wo ist meine bestellung',
        'verfolge mein paket',
        'wurde mein paket verschickt',
        'wann kommt meine lieferung',
        'status meiner bestellung bitte',
      ],
    },
    test: [
      ['regnet es heute in berlin', 'weather'],
      ['stelle den wecker auf neun uhr', 'alarm'],
      ['spiel ein lied von queen', 'music'],
      ['wo bleibt mein paket', 'order'],
      ['wettervorhersage für morgen', 'weather'],
      ['wann kommt die bestellung', 'order'],
    ],
  },
  ar: {
    train: {
      weather: [
        'كيف الطقس اليوم',
        'هل ستمطر غدا',
        'كم درجة الحرارة في الخارج',
        'هل سيتساقط الثلج',
        'توقعات الطقس لنهاية الأسبوع',
      ],
      alarm: [
        'أيقظني الساعة السابعة',
        'اضبط المنبه على السادسة صباحا',
        'منبه لصباح الغد',
        'ذكرني أن أستيقظ الساعة الثامنة',
        'شغل المنبه',
      ],
      music: ['شغل موسيقى جاز', 'شغل قائمة الأغاني', 'أريد أن أسمع أغنية', 'شغل أغاني فيروز', 'افتح الراديو'],
      order: ['أين طلبي', 'تتبع شحنتي', 'هل تم شحن الطرد', 'متى يصل التوصيل', 'حالة الطلب من فضلك'],
    },
    test: [
      ['هل الجو ممطر في الرياض', 'weather'],
      ['اضبط المنبه على التاسعة', 'alarm'],
      ['شغل أغنية لعبد الحليم', 'music'],
      ['أين الطرد الخاص بي', 'order'],
      ['الطقس غدا', 'weather'],
      ['تتبع طلبي', 'order'],
    ],
  },
};

function examplesOf(corpus: Corpus): TrainingExample[] {
  return Object.entries(corpus.train).flatMap(([command, texts]) =>
    texts.map((text, index) => ({ id: `${command}-${index}`, text, command })),
  );
}

describe.each(['default', 'embedding'] as const)('the %s parser on a tiny corpus', (parser) => {
  it.each(['en', 'de', 'ar'] as const)('classifies at least 5 of 6 unseen %s paraphrases', (lang) => {
    const corpus = CORPORA[lang];
    const model = train(examplesOf(corpus), { lang, parser, seed: 3 });
    const correct = corpus.test.filter(
      ([text, command]) => predict(model, text).ranking[0]?.command === command,
    );
    expect(correct.length).toBeGreaterThanOrEqual(5);
  });
});

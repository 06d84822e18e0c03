import type { Lang } from '@hiwar/nlu';
import { BRAUN_CORPORA, braun, clinc, clincFewShot, massive, type Utterance } from './data.ts';
import { sampleShots } from './sample.ts';

/** One benchmark setting: the same train/test data for every engine, repeated over seeds when sampled. */
export interface Suite {
  name: string;
  lang: Lang;
  /** Training sets, one per seed (results are averaged). */
  trainSets: Utterance[][];
  test: Utterance[];
}

export const MASSIVE_LOCALES: [string, Lang][] = [
  ['ar-SA', 'ar'],
  ['de-DE', 'de'],
  ['en-US', 'en'],
];
export const SHOT_SEEDS = [1, 2, 3, 4, 5];

export function massiveSuites(): Suite[] {
  return MASSIVE_LOCALES.flatMap(([locale, lang]) => {
    const train = massive(locale, 'train');
    const test = massive(locale, 'dev');
    return [
      {
        name: `MASSIVE ${locale} 8-shot`,
        lang,
        trainSets: SHOT_SEEDS.map((seed) => sampleShots(train, 8, seed)),
        test,
      },
      { name: `MASSIVE ${locale} full`, lang, trainSets: [train], test },
    ];
  });
}

export function clincSuites(): Suite[] {
  const test = clinc('test', true);
  return [
    { name: 'CLINC150 full + OOS', lang: 'en', trainSets: [clinc('train', false)], test },
    { name: 'CLINC150 10-shot + OOS', lang: 'en', trainSets: [clincFewShot(10)], test },
  ];
}

export function braunSuites(): Suite[] {
  return BRAUN_CORPORA.map((corpus) => {
    const { train, test } = braun(corpus);
    return { name: `Braun ${corpus}`, lang: 'en' as const, trainSets: [train], test };
  });
}

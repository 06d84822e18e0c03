import { massive, OUT_OF_SCOPE, type Utterance } from './data.ts';
import { sampleShots, seededRandom, shuffled } from './sample.ts';

/** Small bots: 5 intents from 5 different MASSIVE scenarios, 8 training examples each, 10 draws. */
export const SMALL_BOTS = { intents: 5, shots: 8, draws: 10 } as const;

/** One small bot: its training examples, and its test set (in scope, then as many out of scope). */
export interface SmallBot {
  draw: number;
  intents: string[];
  train: Utterance[];
  test: Utterance[];
}

/** MASSIVE's intents are `scenario_intent` (`alarm_set`, `iot_hue_lightoff`). */
export function scenarioOf(intent: string): string {
  return intent.split('_')[0] ?? intent;
}

/**
 * The draws of one locale. Draw n uses seed n in every language, so the three languages' bots have the same intents
 * (MASSIVE's locales are translations of one another). The in-scope test set is every dev message of the bot's
 * intents; the out-of-scope set is as many dev messages of scenarios the bot has none of.
 */
export function smallBots(locale: string): SmallBot[] {
  const train = massive(locale, 'train');
  const dev = massive(locale, 'dev');
  const intentsByScenario = new Map<string, string[]>();
  for (const intent of [...new Set(train.map((row) => row.intent))].sort()) {
    const scenario = scenarioOf(intent);
    intentsByScenario.set(scenario, [...(intentsByScenario.get(scenario) ?? []), intent]);
  }
  return Array.from({ length: SMALL_BOTS.draws }, (_, index) => {
    const draw = index + 1;
    const random = seededRandom(draw);
    const scenarios = shuffled([...intentsByScenario.keys()], random).slice(0, SMALL_BOTS.intents);
    const intents = scenarios.map((scenario) => {
      const options = intentsByScenario.get(scenario) ?? [];
      return options[Math.floor(random() * options.length)] ?? scenario;
    });
    const chosen = new Set(intents);
    const inScope = dev.filter((row) => chosen.has(row.intent));
    const others = dev.filter((row) => !scenarios.includes(scenarioOf(row.intent)));
    const outOfScope = shuffled(others, random)
      .slice(0, inScope.length)
      .map((row) => ({ text: row.text, intent: OUT_OF_SCOPE }));
    return {
      draw,
      intents,
      train: sampleShots(
        train.filter((row) => chosen.has(row.intent)),
        SMALL_BOTS.shots,
        draw,
      ),
      test: [...inScope, ...outOfScope],
    };
  });
}

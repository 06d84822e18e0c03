import { type Lang, predict, SCORE_FLOOR, train, useLexicon } from '@hiwar/nlu';
import { loadWordNet } from '@hiwar/wordnet';
import { OUT_OF_SCOPE, type Utterance } from './data.ts';

/** A trained classifier under test: one label per message, "oos" when it rejects the message. */
export interface TrainedEngine {
  classify(text: string): Promise<string> | string;
  modelBytes: number;
  /** Hiwar only: what the out-of-scope decision reads, for trade-off curves. */
  inspect?(text: string): Inspection;
}

/** The best command and its score, the out-of-scope confidence, the model's threshold on it and score floor. */
export interface Inspection {
  command: string;
  score: number;
  confidence: number;
  threshold: number;
  floor: number;
}

export interface EngineSpec {
  name: string;
  train(rows: Utterance[], lang: Lang, rejectOutOfScope: boolean): Promise<TrainedEngine>;
}

// As the server does: English models learn WordNet's concepts of their words.
useLexicon(loadWordNet());

export function hiwarEngine(parser: 'default' | 'embedding', seed: number): EngineSpec {
  return {
    name: `hiwar-${parser}`,
    async train(rows, lang, rejectOutOfScope) {
      const examples = rows.map((row, index) => ({ id: String(index), text: row.text, command: row.intent }));
      const model = train(examples, { lang, parser, seed });
      return {
        modelBytes: Buffer.byteLength(JSON.stringify(model)),
        classify(text) {
          const prediction = predict(model, text);
          if (rejectOutOfScope && prediction.isOutOfScope) return OUT_OF_SCOPE;
          return prediction.ranking[0]?.command ?? OUT_OF_SCOPE;
        },
        inspect(text) {
          const prediction = predict(model, text);
          return {
            command: prediction.ranking[0]?.command ?? OUT_OF_SCOPE,
            score: prediction.ranking[0]?.score ?? 0,
            confidence: prediction.confidence,
            threshold: prediction.threshold,
            floor: model.scoreFloor ?? SCORE_FLOOR,
          };
        },
      };
    },
  };
}

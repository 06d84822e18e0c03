export { IN_SCOPE_REJECTION, SCORE_FLOOR, scoreFloorFor } from './calibration.ts';
export {
  clearLexicons,
  type Lexicon,
  type PartOfSpeech,
  type SynonymSet,
  useLexicon,
} from './lexicon.ts';
export * from './model.ts';
export { isNegativeClass, NEGATIVE_CLASS } from './negatives.ts';
export type {
  CommandScore,
  ExampleScore,
  Model,
  ParserKind,
  Prediction,
  TrainingExample,
  TrainOptions,
} from './types.ts';

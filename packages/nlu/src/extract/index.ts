export type { Entity, EntityOptions, EntityType } from './entities/entity.ts';
export { extractEntities } from './entities/extract-entities.ts';
export { functionWords } from './function-words.ts';
export { extractLearned, type LearnedMatch } from './learned/extract-learned.ts';
export {
  type LearnedContext,
  type LearnedValues,
  type LearnedVariable,
  learnValues,
  type TaggedExample,
} from './learned/learn-values.ts';
export { type ListLabel, type ListMatch, matchList } from './list/match-list.ts';
export { isCatastrophicPattern, MAX_REGEX_INPUT, matchRegex, type RegexMatch } from './regex/match-regex.ts';
export { extractVariable } from './variable/extract-variable.ts';
export type {
  ExtractedValue,
  ExtractionContext,
  ExtractionSource,
  GeoPoint,
  VariableSpec,
  VariableType,
} from './variable/variable-spec.ts';

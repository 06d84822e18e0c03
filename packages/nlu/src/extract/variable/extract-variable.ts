import type { Lang } from '../../text/index.ts';
import type { Entity } from '../entities/entity.ts';
import { extractEntities } from '../entities/extract-entities.ts';
import { findNumbers } from '../entities/numbers.ts';
import { westernDigits } from '../entities/western-digits.ts';
import { extractLearned } from '../learned/extract-learned.ts';
import { matchList } from '../list/match-list.ts';
import { matchRegex } from '../regex/match-regex.ts';
import { freeSearchText } from './free-search.ts';
import { readLocation } from './read-location.ts';
import type { ExtractedValue, ExtractionContext, VariableSpec } from './variable-spec.ts';

function fromLearned(
  text: string,
  lang: Lang,
  variable: VariableSpec,
  context: ExtractionContext,
): ExtractedValue | null {
  const found = context.learned ? extractLearned(text, lang, context.learned, variable.var_id) : null;
  return found && { ...found, source: 'learned' };
}

function fromList(
  text: string,
  lang: Lang,
  variable: VariableSpec,
  context: ExtractionContext,
): ExtractedValue | null {
  const values = [...(variable.var_val_list ?? []), ...(context.datasetValues ?? [])];
  const found = matchList(text, lang, variable.var_labels ?? [], values);
  return (
    found && { value: found.value, start: found.start, end: found.end, score: found.score, source: 'list' }
  );
}

function extractText(
  text: string,
  lang: Lang,
  variable: VariableSpec,
  context: ExtractionContext,
): ExtractedValue | null {
  const learned = fromLearned(text, lang, variable, context);
  if (learned) return learned;
  const value = text.trim();
  if (value === '') return null;
  const start = text.indexOf(value);
  return { value, start, end: start + value.length, score: 1, source: 'text' };
}

function extractSearch(
  text: string,
  lang: Lang,
  variable: VariableSpec,
  context: ExtractionContext,
): ExtractedValue | null {
  const known = fromLearned(text, lang, variable, context) ?? fromList(text, lang, variable, context);
  if (known) return known;
  const free = freeSearchText(text, lang, context.commandWords ?? [], variable.var_val_stopwords ?? []);
  return free && { ...free, score: 0.5, source: 'search' };
}

function extractLocation(text: string, context: ExtractionContext): ExtractedValue | null {
  if (context.location) return { value: context.location, score: 1, source: 'location' };
  const found = readLocation(text);
  return found && { ...found, score: 1, source: 'location' };
}

/** The entity a component variable names; a date or time may come out of a datetime. */
function pickEntity(entities: Entity[], type: string): { value: string | number; entity: Entity } | null {
  const exact = entities.find((entity) => entity.type === type);
  if (exact) return { value: exact.value, entity: exact };
  const datetime = entities.find((entity) => entity.type === 'datetime');
  if (datetime && (type === 'date' || type === 'time')) {
    const [date, time] = String(datetime.value).split('T');
    return { value: (type === 'date' ? date : time) ?? '', entity: datetime };
  }
  return null;
}

function extractComponent(
  text: string,
  lang: Lang,
  variable: VariableSpec,
  context: ExtractionContext,
): ExtractedValue | null {
  const type = variable.entity_name ?? '';
  const options = { ...(context.now && { now: context.now }), timezoneOffset: context.timezoneOffset ?? 0 };
  const picked = pickEntity(extractEntities(text, lang, options), type);
  if (picked)
    return {
      value: picked.value,
      start: picked.entity.start,
      end: picked.entity.end,
      score: 1,
      source: 'entity',
    };
  // A number inside a longer reading ("in 3 days") still answers a number variable.
  const number =
    type === 'number'
      ? findNumbers(westernDigits(text), lang).find((entity) => entity.type === 'number')
      : undefined;
  return number
    ? { value: number.value, start: number.start, end: number.end, score: 0.8, source: 'entity' }
    : null;
}

/**
 * The value of one command variable in a message, by the variable's type: text, regex, list and datasetList,
 * search and search_DS, location and component (a built-in entity named by entity_name). Null when the
 * message holds no value, so the runtime prompts for it.
 */
export function extractVariable(
  text: string,
  lang: Lang,
  variable: VariableSpec,
  context: ExtractionContext = {},
): ExtractedValue | null {
  switch (variable.var_type) {
    case 'text':
      return extractText(text, lang, variable, context);
    case 'regex': {
      const found = variable.var_val_regex ? matchRegex(text, variable.var_val_regex) : null;
      return found && { ...found, score: 1, source: 'regex' };
    }
    case 'list':
    case 'datasetList':
      return fromList(text, lang, variable, context);
    case 'search':
    case 'search_DS':
      return extractSearch(text, lang, variable, context);
    case 'location':
      return extractLocation(text, context);
    case 'component':
      return extractComponent(text, lang, variable, context);
    default:
      return null;
  }
}

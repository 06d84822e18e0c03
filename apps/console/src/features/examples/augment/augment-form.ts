import {
  AUGMENT_DEFAULT_LEV_MIN_RATIO,
  AUGMENT_DEFAULT_MAX_SAMPLES,
  augmentRequest,
  nluMessages,
} from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { localizeCatalogueMessage } from '../../../lib/contract-messages.ts';

/** The modal's fields; NumberInput gives '' while a field is empty. */
export interface AugmentValues {
  value: string;
  max_samples: number | string;
  lev_min_ratio: number | string;
  /** suggestions may carry a typing mistake: off unless the owner asks */
  typos: boolean;
}

/** Spec §9: max_samples 5, lev_min_ratio 35; the value is the example's text. */
export function initialAugmentValues(text: string): AugmentValues {
  return {
    value: text,
    max_samples: AUGMENT_DEFAULT_MAX_SAMPLES,
    lev_min_ratio: AUGMENT_DEFAULT_LEV_MIN_RATIO,
    typos: false,
  };
}

/** Spec §5: value, max_samples and lev_min_ratio are each required; the first problem per field, translated. */
export function validateAugmentValues(values: AugmentValues, t: TFunction): Record<string, string> {
  const result = augmentRequest.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= localizeCatalogueMessage(t, nluMessages, 'augment', issue.message);
  }
  return errors;
}

/** A validated augment request (the contract's input type is open: its preprocess accepts anything). */
export type AugmentCall = ReturnType<typeof augmentRequest.parse>;

/** The request the server gets: the validated values, naming the command for its language and synonyms. */
export function augmentRequestOf(values: AugmentValues, commandId: number): AugmentCall {
  return { ...augmentRequest.parse(values), example_command_id: commandId };
}

import type { Tokens } from './phrases.ts';
import type { Random } from './random.ts';

/** One sense-keeping rewrite of a token list; null when it no longer applies. */
export interface Change {
  kind: 'synonym' | 'drop' | 'politeness' | 'order' | 'form' | 'morphology' | 'typo';
  /** How often it is drawn relative to the others. */
  weight: number;
  apply(tokens: Tokens, random: Random): Tokens | null;
}

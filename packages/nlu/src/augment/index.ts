export { type AugmentOptions, augment } from './augment.ts';
export { differenceRatio } from './difference.ts';
/** the seeded random source, also for tests elsewhere that must repeat their choices */
export { type Random, seededRandom, seedOf, shuffled } from './random.ts';

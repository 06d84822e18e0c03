export { type AugmentOptions, augment } from './augment.ts';
export { differenceRatio } from './difference.ts';

export { AugmentButton } from './augment-button.tsx';

export { saveExample, storeSavedExample, useExamples } from './examples-api.ts';
export { ExamplesTab } from './examples-tab.tsx';
export { saveOnEnter } from './save-on-enter.ts';
export { exampleDirection, hasArabicScript } from './text-direction.ts';
export { useExampleChanges } from './use-example-changes.ts';

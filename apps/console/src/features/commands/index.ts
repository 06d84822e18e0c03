export { type AboutValues, aboutValuesOf } from './about-values.ts';
export { showSaveCommandError } from './save-command-error.ts';

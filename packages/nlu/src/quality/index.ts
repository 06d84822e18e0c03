export * from './cross-validate.ts';

export * from './text/index.ts';

export * from './augment/index.ts';
export * from './engine/index.ts';
export * from './extract/index.ts';
export * from './quality/index.ts';
export * from './text/index.ts';

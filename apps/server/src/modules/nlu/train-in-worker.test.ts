import { train } from '@hiwar/nlu';
import { describe, expect, it } from 'vitest';
import { registerLexicons } from './lexicons.ts';
import { trainInWorker } from './train-in-worker.ts';

const examples = [
  { id: '1', text: 'what is the weather today', command: '1' },
  { id: '2', text: 'will it rain tomorrow', command: '1' },
  { id: '3', text: 'i want to order a pizza', command: '2' },
  { id: '4', text: 'order food please', command: '2' },
];

describe('trainInWorker', () => {
  it('trains in a worker thread the same model as in-process training, WordNet included', async () => {
    registerLexicons();
    const options = { lang: 'en' as const, parser: 'default' as const };
    const inWorker = await trainInWorker(examples, options);
    expect(inWorker.features.lexicon).toBe('wordnet-3.1');
    expect(inWorker.hash).toBe(train(examples, options).hash);
  });

  it('rejects with the worker’s error and keeps serving later trainings', async () => {
    await expect(trainInWorker(examples, { lang: 'en', parser: 'unknown' as 'default' })).rejects.toThrow();
    const model = await trainInWorker(examples, { lang: 'en', parser: 'embedding' });
    expect(model.parser).toBe('embedding');
  });
});

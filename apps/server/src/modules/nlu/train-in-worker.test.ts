import { type Model, train } from '@hiwar/nlu';
import { describe, expect, it } from 'vitest';
import { registerLexicons } from './lexicons.ts';
import { modelFromText } from './model-text.ts';
import { syncInWorker, trainInWorker } from './train-in-worker.ts';

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
    const model = modelFromText(inWorker);
    const inProcess = train(examples, options);
    expect(model.features.lexicon).toBe('wordnet-3.1');
    expect(inWorker.hash).toBe(inProcess.hash);
    expect(model.hash).toBe(inWorker.hash);
    // the classifier travels apart from the rest (model-text.ts)
    expect((JSON.parse(inWorker.json) as Model).classifier).toBeNull();
    expect(inWorker.classifierHash).toBe(inProcess.classifier?.hash);
    expect(model.classifier).toEqual(inProcess.classifier);
    expect(inWorker.exampleCount).toBe(4);
  });

  it('rejects with the worker’s error and keeps serving later trainings', async () => {
    await expect(trainInWorker(examples, { lang: 'en', parser: 'unknown' as 'default' })).rejects.toThrow();
    const model = await trainInWorker(examples, { lang: 'en', parser: 'embedding' });
    expect(modelFromText(model).parser).toBe('embedding');
  });

  it('brings a model in line with the examples: unchanged, applied, retrained, or gone', async () => {
    const options = { lang: 'en' as const, parser: 'default' as const };
    const topics = ['taxi', 'pizza', 'hotel', 'flight', 'refund', 'invoice', 'parcel'];
    const bot = topics.flatMap((topic, command) =>
      Array.from({ length: 10 }, (_, index) => ({
        id: `${command}-${index}`,
        text: `${topic} question number ${index}`,
        command: String(command),
      })),
    );
    const json = await trainInWorker(bot, options);
    expect(await syncInWorker(json, bot, options)).toEqual({ status: 'unchanged' });

    // a few examples added and removed on a bot past SMALL_MODEL_EXAMPLES: applied, not retrained
    const added = { id: 'new', text: 'book a taxi to the airport', command: '0' };
    const applied = await syncInWorker(json, [...bot.slice(1), added], options);
    if (applied.status !== 'updated' || !applied.model) throw new Error('expected an update');
    expect(applied.isFullTraining).toBe(false);
    expect(applied.touched).toEqual(['0', '0']);
    expect(applied.model.exampleCount).toBe(bot.length);
    // the classifier is the one it came with, its text given back as it came
    expect(applied.model.classifierHash).toBe(json.classifierHash);
    expect(applied.model.classifierJson).toBe(json.classifierJson);
    const ids = modelFromText(applied.model).examples.map((example) => example.id);
    expect(ids).toContain('new');
    expect(ids).not.toContain('0-0');

    // past a bulk change, and for a small bot, it trains again (calibrating the threshold)
    const many = Array.from({ length: 30 }, (_, index) => ({
      id: `m${index}`,
      text: `taxi ride ${index}`,
      command: '0',
    }));
    expect(await syncInWorker(json, [...bot, ...many], options)).toMatchObject({ isFullTraining: true });
    const small = await trainInWorker(examples, options);
    expect(await syncInWorker(small, [...examples, added], options)).toMatchObject({
      status: 'updated',
      isFullTraining: true,
    });

    expect(await syncInWorker(json, [], options)).toMatchObject({ status: 'updated', model: null });
    expect(await syncInWorker(null, [], options)).toEqual({ status: 'unchanged' });
  });
});

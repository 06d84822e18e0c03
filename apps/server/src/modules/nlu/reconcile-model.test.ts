import { train } from '@hiwar/nlu';
import { describe, expect, it } from 'vitest';
import { applyChanges, diffExamples, isBulkChange } from './reconcile-model.ts';

const base = [
  { id: '1', text: 'what is the weather today', command: '10' },
  { id: '2', text: 'will it rain tomorrow', command: '10' },
  { id: '3', text: 'i want to order a pizza', command: '20' },
  { id: '4', text: 'order food please', command: '20' },
];
const model = train(base, { lang: 'en', parser: 'default' });

describe('reconciling a model with the stored examples', () => {
  it('finds added, edited and removed examples of the scoped commands only', () => {
    const desired = [
      { id: '1', text: 'what is the weather like today', command: '10' },
      { id: '5', text: 'is it sunny', command: '10' },
    ];
    const changes = diffExamples(model, desired, new Set(['10']));
    expect(changes.removed).toEqual(['2']);
    expect(changes.added.map((example) => example.id)).toEqual(['1', '5']);
  });

  it('finds nothing to do when the model already holds the stored examples', () => {
    const changes = diffExamples(model, base.slice(0, 2), new Set(['10']));
    expect(changes).toEqual({ removed: [], added: [] });
  });

  it('applies the changes so the model holds exactly the desired examples', () => {
    const desired = [...base.slice(1), { id: '9', text: 'book a table for two', command: '30' }];
    const updated = applyChanges(model, diffExamples(model, desired));
    expect(updated.examples.map((example) => example.id).sort()).toEqual(['2', '3', '4', '9']);
    expect(updated.hash).not.toBe(model.hash);
  });

  it('treats many changes against a small model as a bulk change worth a full training', () => {
    const many = Array.from({ length: 25 }, (_, index) => ({
      id: `n${index}`,
      text: `text ${index}`,
      command: '40',
    }));
    expect(isBulkChange(diffExamples(model, many, new Set(['40'])), model)).toBe(true);
    expect(isBulkChange(diffExamples(model, many.slice(0, 3), new Set(['40'])), model)).toBe(false);
  });
});

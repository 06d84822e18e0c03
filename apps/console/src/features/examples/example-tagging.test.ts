import { describe, expect, it } from 'vitest';
import { keepTagsFoundIn, segmentExample, tagExample, untagExample } from './example-tagging.ts';

describe('tagging an example', () => {
  it('adds the selected text as the variable tag', () => {
    expect(tagExample([], ' Cairo ', 4)).toEqual([{ tag: 'Cairo', type: 4 }]);
  });

  it('replaces the earlier tag when the same variable is tagged again', () => {
    const tags = [
      { tag: 'Cairo', type: 4 },
      { tag: 'tomorrow', type: 5 },
    ];
    expect(tagExample(tags, 'Giza', 4)).toEqual([
      { tag: 'tomorrow', type: 5 },
      { tag: 'Giza', type: 4 },
    ]);
  });

  it('ignores an empty selection', () => {
    expect(tagExample([{ tag: 'Cairo', type: 4 }], '  ', 5)).toEqual([{ tag: 'Cairo', type: 4 }]);
  });

  it('removes one variable tag', () => {
    expect(untagExample([{ tag: 'Cairo', type: 4 }], 4)).toEqual([]);
  });

  it('drops tags whose text was edited out of the example', () => {
    expect(
      keepTagsFoundIn('a flight to Giza', [
        { tag: 'Cairo', type: 4 },
        { tag: 'Giza', type: 5 },
      ]),
    ).toEqual([{ tag: 'Giza', type: 5 }]);
  });
});

describe('segmentExample', () => {
  it('cuts the text into plain and tagged spans in reading order', () => {
    expect(
      segmentExample('fly from Cairo to Giza', [
        { tag: 'Giza', type: 2 },
        { tag: 'Cairo', type: 1 },
      ]),
    ).toEqual([
      { text: 'fly from ' },
      { text: 'Cairo', variableId: 1 },
      { text: ' to ' },
      { text: 'Giza', variableId: 2 },
    ]);
  });

  it('highlights only the first of two overlapping tags and skips tags not in the text', () => {
    expect(
      segmentExample('New York City', [
        { tag: 'New York', type: 1 },
        { tag: 'York City', type: 2 },
        { tag: 'Paris', type: 3 },
      ]),
    ).toEqual([{ text: 'New York', variableId: 1 }, { text: ' City' }]);
  });
});

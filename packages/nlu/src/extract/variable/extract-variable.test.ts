import { describe, expect, it } from 'vitest';
import { learnValues } from '../learned/learn-values.ts';
import { extractVariable } from './extract-variable.ts';
import type { VariableSpec } from './variable-spec.ts';

const now = new Date('2026-03-11T10:00:00Z');

function variable(fields: Partial<VariableSpec> & Pick<VariableSpec, 'var_type'>): VariableSpec {
  return { var_id: 'v1', var_name: 'value', ...fields };
}

describe('extractVariable: text', () => {
  it('takes the whole message, trimmed', () => {
    expect(extractVariable('  Ahmed Ali ', 'en', variable({ var_type: 'text' }))).toMatchObject({
      value: 'Ahmed Ali',
      start: 2,
      source: 'text',
    });
  });

  it('takes the learned span when the variable has tagged examples', () => {
    const learned = learnValues([
      { text: 'my name is Sara', lang: 'en', vars: [{ tag: 'Sara', varId: 'v1' }] },
    ]);
    expect(
      extractVariable('my name is Omar', 'en', variable({ var_type: 'text' }), { learned }),
    ).toMatchObject({
      value: 'Omar',
      source: 'learned',
    });
  });
});

describe('extractVariable: regex and list', () => {
  it('runs the owner pattern and refuses a broken one', () => {
    expect(
      extractVariable('PLZ 10115', 'de', variable({ var_type: 'regex', var_val_regex: '\\d{5}' }))?.value,
    ).toBe('10115');
    expect(
      extractVariable('PLZ 10115', 'de', variable({ var_type: 'regex', var_val_regex: '(' })),
    ).toBeNull();
  });

  it('matches labels with synonyms and plain values, also from a dataset', () => {
    const size = variable({
      var_type: 'list',
      var_labels: [{ keyword: 'كبير', syns: ['لارج'] }],
      var_val_list: ['وسط'],
    });
    expect(extractVariable('بيتزا لارج', 'ar', size)).toMatchObject({ value: 'كبير', source: 'list' });
    expect(extractVariable('واحد وسط', 'ar', size)?.value).toBe('وسط');
    const branch = variable({ var_type: 'datasetList' });
    expect(
      extractVariable('pick up in Riverside', 'en', branch, { datasetValues: ['Riverside'] })?.value,
    ).toBe('Riverside');
    expect(extractVariable('pick up in Riverside', 'en', branch)).toBeNull();
  });
});

describe('extractVariable: search', () => {
  it('prefers a list match, else the message without command and stop words', () => {
    const product = variable({ var_type: 'search', var_val_list: ['Laptop'], var_val_stopwords: ['cheap'] });
    expect(extractVariable('search for a laptop', 'en', product)?.source).toBe('list');
    expect(
      extractVariable('search for cheap red running shoes please', 'en', product, {
        commandWords: ['search'],
      }),
    ).toMatchObject({ value: 'red running shoes', source: 'search' });
  });

  it('works in German and Arabic', () => {
    const search = variable({ var_type: 'search_DS' });
    expect(extractVariable('suche bitte rote Schuhe', 'de', search, { commandWords: ['suche'] })?.value).toBe(
      'rote Schuhe',
    );
    expect(extractVariable('ابحث عن فندق في جدة', 'ar', search, { commandWords: ['ابحث'] })?.value).toBe(
      'فندق جدة',
    );
  });

  it('returns null when nothing is left', () => {
    expect(
      extractVariable('search please', 'en', variable({ var_type: 'search' }), { commandWords: ['search'] }),
    ).toBeNull();
  });
});

describe('extractVariable: location and component', () => {
  it('reads "lat,lng" text and prefers a shared location', () => {
    const place = variable({ var_type: 'location' });
    expect(extractVariable('أنا هنا ٢٤٫٧١٣٦، ٤٦٫٦٧٥٣', 'ar', place)?.value).toEqual({
      lat: 24.7136,
      lng: 46.6753,
    });
    expect(extractVariable('here', 'en', place, { location: { lat: 52.52, lng: 13.4 } })?.value).toEqual({
      lat: 52.52,
      lng: 13.4,
    });
    expect(extractVariable('99.1, 200', 'en', place)).toBeNull();
  });

  it('returns the built-in entity named by entity_name', () => {
    const component = (entity_name: string) => variable({ var_type: 'component', entity_name });
    expect(extractVariable('for three people', 'en', component('number'))?.value).toBe(3);
    expect(extractVariable('mail x@y.de', 'de', component('email'))?.value).toBe('x@y.de');
    expect(extractVariable('بكرة الساعة ٥ مساء', 'ar', component('date'), { now })?.value).toBe('2026-03-12');
    expect(extractVariable('morgen um 17 Uhr', 'de', component('time'), { now })?.value).toBe('17:00');
    expect(extractVariable('in 3 days', 'en', component('number'), { now })?.value).toBe(3);
    expect(extractVariable('no link here', 'en', component('url'))).toBeNull();
  });
});

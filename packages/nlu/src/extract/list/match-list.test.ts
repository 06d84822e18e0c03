import { describe, expect, it } from 'vitest';
import { matchList } from './match-list.ts';

const drinks = [
  { keyword: 'coffee', syns: ['espresso', 'flat white'] },
  { keyword: 'tea', syns: ['chai'] },
];

describe('matchList in English', () => {
  it('matches a keyword and reports its span', () => {
    expect(matchList('I would like a coffee please', 'en', drinks)).toEqual({
      value: 'coffee',
      matched: 'coffee',
      start: 15,
      end: 21,
      score: 1,
    });
  });

  it('matches a multi-word synonym and returns its keyword', () => {
    expect(matchList('one Flat White to go', 'en', drinks)).toMatchObject({
      value: 'coffee',
      matched: 'Flat White',
    });
  });

  it('tolerates one typo in a mid-length word and none in a short one', () => {
    expect(matchList('an expresso', 'en', drinks)).toMatchObject({ value: 'coffee', matched: 'expresso' });
    expect(matchList('a cup of tee', 'en', drinks)).toBeNull();
  });

  it('prefers the exact match over a fuzzy one and the longer over the shorter', () => {
    const sizes = [
      { keyword: 'large', syns: ['big'] },
      { keyword: 'extra large', syns: ['xl'] },
    ];
    expect(matchList('an extra large one', 'en', sizes)?.value).toBe('extra large');
    expect(matchList('a lager or a large', 'en', sizes)).toMatchObject({ value: 'large', start: 13 });
  });

  it('matches plain list values', () => {
    expect(matchList('deliver to Riverside', 'en', [], ['Downtown', 'Riverside'])?.value).toBe('Riverside');
  });
});

describe('matchList in German', () => {
  const getraenke = [{ keyword: 'Kaffee', syns: ['Milchkaffee'] }];

  it('matches umlauts, case and typos', () => {
    expect(matchList('einen kafee bitte', 'de', getraenke)?.value).toBe('Kaffee');
    expect(matchList('Zwei Milchkafee', 'de', getraenke)?.value).toBe('Kaffee');
    expect(matchList('nach München', 'de', [], ['Muenchen'])?.value).toBe('Muenchen');
  });

  it('allows two edits in a long word', () => {
    expect(matchList('Schokoladnkuchn', 'de', [{ keyword: 'Schokoladenkuchen', syns: [] }])?.value).toBe(
      'Schokoladenkuchen',
    );
  });
});

describe('matchList in Arabic', () => {
  const mashroob = [
    { keyword: 'قهوة', syns: ['كابتشينو'] },
    { keyword: 'شاي', syns: ['شاي أخضر'] },
  ];

  it('matches with the article, taa marbuta spelled as haa, and the conjunction', () => {
    expect(matchList('أريد القهوه', 'ar', mashroob)).toMatchObject({ value: 'قهوة', matched: 'القهوه' });
    expect(matchList('وبالقهوة لو سمحت', 'ar', mashroob)?.value).toBe('قهوة');
  });

  it('matches synonyms with typos and longer phrases first', () => {
    expect(matchList('كابتشنو واحد', 'ar', mashroob)?.value).toBe('قهوة');
    expect(matchList('شاي اخضر', 'ar', mashroob)).toMatchObject({ value: 'شاي', matched: 'شاي اخضر' });
  });

  it('returns null when nothing is named', () => {
    expect(matchList('مرحبا', 'ar', mashroob)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Lang } from '../../text/index.ts';
import type { EntityType } from './entity.ts';
import { extractEntities } from './extract-entities.ts';

function ofType(text: string, lang: Lang, type: EntityType): [number | string, string][] {
  return extractEntities(text, lang)
    .filter((entity) => entity.type === type)
    .map((entity) => [entity.value, entity.text]);
}

describe('emails', () => {
  it('finds emails in any language and lower-cases them', () => {
    expect(ofType('mail John.Doe@Example.com now', 'en', 'email')).toEqual([
      ['john.doe@example.com', 'John.Doe@Example.com'],
    ]);
    expect(ofType('راسلني على ali@hiwar.sa', 'ar', 'email')).toEqual([['ali@hiwar.sa', 'ali@hiwar.sa']]);
  });
});

describe('URLs', () => {
  it('finds links with and without a scheme, without trailing punctuation', () => {
    expect(ofType('see https://hiwar.io/docs, or www.example.org.', 'en', 'url')).toEqual([
      ['https://hiwar.io/docs', 'https://hiwar.io/docs'],
      ['http://www.example.org', 'www.example.org'],
    ]);
    expect(ofType('Besuche beispiel.de bitte', 'de', 'url')).toEqual([['http://beispiel.de', 'beispiel.de']]);
  });

  it('does not take the domain of an email as a link', () => {
    expect(ofType('a@b.com', 'en', 'url')).toEqual([]);
  });
});

describe('phone numbers', () => {
  it('finds international numbers with + or 00', () => {
    expect(ofType('call +49 30 1234567', 'en', 'phone')).toEqual([['+49301234567', '+49 30 1234567']]);
    expect(ofType('ruf 00966 50 123 4567 an', 'de', 'phone')).toEqual([
      ['+966501234567', '00966 50 123 4567'],
    ]);
  });

  it('finds local numbers, also in Arabic-Indic digits', () => {
    expect(ofType('اتصل على ٠٥٠١٢٣٤٥٦٧', 'ar', 'phone')).toEqual([['0501234567', '٠٥٠١٢٣٤٥٦٧']]);
    expect(ofType('(030) 123-4567', 'de', 'phone')).toEqual([['0301234567', '(030) 123-4567']]);
  });

  it('reads a plus typed last in a right-to-left field as international', () => {
    expect(ofType('اتصل بي على 966501234567+', 'ar', 'phone')).toEqual([['+966501234567', '966501234567+']]);
  });

  it('leaves dates and grouped amounts alone', () => {
    expect(ofType('12.03.2025 and 1,234,567', 'en', 'phone')).toEqual([]);
  });
});

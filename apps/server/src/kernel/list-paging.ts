import { numberOrDigits, PAGE_SIZE } from '@hiwar/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';

/** A 1-based page number in a path; a page of 0 reads as the first page. */
export const pageParam = numberOrDigits(z.number().int().min(0).max(1_000_000)).transform((page) =>
  Math.max(1, page),
);

/** Row offset of a 1-based page of PAGE_SIZE rows. */
export function offsetOf(page: number): number {
  return (page - 1) * PAGE_SIZE;
}

/** How many pages `total` rows fill; an empty list still has page 1. */
export function pagesCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

function likePatternOf(keywords: string): string {
  const escaped = keywords.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return `%${escaped}%`;
}

/** Case-insensitive "column contains keywords" that reads the same on SQLite and PostgreSQL. */
export function containsKeywords(column: string, keywords: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePatternOf(keywords)} escape '\\'`;
}

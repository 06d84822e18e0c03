import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** A 1-based page number from a URL value; anything else (missing, 0, negative, text) is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) ? Math.max(page, 1) : 1;
}

/** The `page` query parameter as a number, and a setter that keeps the other query values. */
export function usePageQuery(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));

  const setPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next <= 1) params.delete('page');
        else params.set('page', String(next));
        return params;
      }),
    [setSearchParams],
  );

  return [page, setPage];
}

/** The part of a list query the clamp reads: its answer, and whether that answer is the page shown before. */
interface PagedQuery<T> {
  data?: T;
  isPlaceholderData: boolean;
}

/**
 * After a delete empties the last page, moves back to the page that is now the last one. Only a fresh answer
 * counts: a placeholder (the previous page's answer, shown while the next loads) may carry an older page count,
 * which would send ?page=2 back to page 1.
 */
export function useClampedPage<T>(
  page: number,
  query: PagedQuery<T>,
  pageCountOf: (data: T) => number,
  setPage: (page: number) => void,
) {
  const pageCount = query.data === undefined || query.isPlaceholderData ? undefined : pageCountOf(query.data);
  useEffect(() => {
    if (pageCount !== undefined && pageCount >= 1 && page > pageCount) setPage(pageCount);
  }, [page, pageCount, setPage]);
}

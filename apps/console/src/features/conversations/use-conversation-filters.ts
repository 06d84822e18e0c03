import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type ConversationFilters, filterNames } from './conversations-api.ts';

/**
 * The list's filters kept in the URL (`/conversations?platform=web&not_understood=1`), so a filtered list can
 * be linked and survives a reload. Setting one goes back to the first page.
 */
export function useConversationFilters(): [
  ConversationFilters,
  (name: keyof ConversationFilters, value: string | null) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: ConversationFilters = {};
  for (const name of filterNames) {
    const value = searchParams.get(name);
    if (value) Object.assign(filters, { [name]: value });
  }

  const setFilter = useCallback(
    (name: keyof ConversationFilters, value: string | null) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (value) params.set(name, value);
        else params.delete(name);
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );

  return [filters, setFilter];
}

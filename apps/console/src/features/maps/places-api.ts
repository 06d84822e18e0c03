import type { PlaceSearchAnswer, PlaceSearchRequest } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { isLanguage } from '../../lib/language.ts';

/** A search's answer is kept in the page as long as the server keeps it: typing it again asks no one. */
const SEARCH_STALE_MS = 5 * 60_000;

/** POST /google/places: the server's geocoder, or the owner's saved locations when it has none. */
export async function searchPlaces(request: PlaceSearchRequest): Promise<PlaceSearchAnswer> {
  return (await api.post<{ data: PlaceSearchAnswer }>('/google/places', request)).data;
}

/** The places for a searched text ('' searches nothing), named in the console's language. */
export function usePlaceSearch(text: string) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : undefined;
  return useQuery({
    queryKey: ['places', text, lang],
    queryFn: () => searchPlaces({ text, ...(lang && { lang }) }),
    enabled: text !== '',
    staleTime: SEARCH_STALE_MS,
  });
}

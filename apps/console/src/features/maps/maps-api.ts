import type { LocationRecord, MapChoice, MapRecord, SaveLocationRequest } from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client.ts';

/** Every query of this feature starts with this key, so one invalidation reloads lists, forms and pickers. */
export const mapsKey = ['maps'] as const;

export interface ListPage<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
}

interface PagedAnswer<Row> {
  data: { current_page: number; data: Row[] };
  pages_count: number;
}

function pageOf<Row>(answer: PagedAnswer<Row>): ListPage<Row> {
  return { rows: answer.data.data, page: answer.data.current_page, pageCount: answer.pages_count };
}

export async function fetchMapsPage(page: number, keyword: string): Promise<ListPage<MapRecord>> {
  const query = new URLSearchParams({ page: String(page) });
  if (keyword) query.set('keyword', keyword);
  return pageOf(await api.get<PagedAnswer<MapRecord>>(`/maps?${query}`));
}

export function useMapsPage(page: number, keyword: string) {
  return useQuery({
    queryKey: [...mapsKey, 'page', page, keyword],
    queryFn: () => fetchMapsPage(page, keyword),
    placeholderData: keepPreviousData,
  });
}

export async function fetchMap(mapId: number | string): Promise<MapChoice> {
  return (await api.get<{ data: MapChoice }>(`/maps/${mapId}`)).data;
}

export function useMap(mapId: number) {
  return useQuery({
    queryKey: [...mapsKey, 'map', mapId],
    queryFn: () => fetchMap(mapId),
    enabled: mapId > 0,
  });
}

export function useMapChoices(isNeeded: boolean) {
  return useQuery({
    queryKey: [...mapsKey, 'all'],
    queryFn: async () => (await api.get<{ data: MapChoice[] }>('/maps/list/all')).data,
    enabled: isNeeded,
  });
}

/** POST /maps/{id} (0 creates); resolves with the map's id. */
export async function saveMap(mapId: number, title: string): Promise<number> {
  return (await api.post<{ data: { _id: number } }>(`/maps/${mapId}`, { title })).data._id;
}

export function deleteMap(mapId: number) {
  return apiRequest('DELETE', `/maps/${mapId}`);
}

/** GET /locations/list/{map}: map 0 lists the locations of every map. */
export async function fetchLocationsPage(mapId: number, page: number): Promise<ListPage<LocationRecord>> {
  return pageOf(await api.get<PagedAnswer<LocationRecord>>(`/locations/list/${mapId}?page=${page}`));
}

export function useLocationsPage(mapId: number, page: number) {
  return useQuery({
    queryKey: [...mapsKey, 'locations', mapId, page],
    queryFn: () => fetchLocationsPage(mapId, page),
    placeholderData: keepPreviousData,
  });
}

export function useLocation(locationId: number) {
  return useQuery({
    queryKey: [...mapsKey, 'location', locationId],
    queryFn: async () => (await api.get<{ data: LocationRecord }>(`/locations/${locationId}`)).data,
    enabled: locationId > 0,
  });
}

/** POST /locations/{id} (0 creates); resolves with the location's id. */
export async function saveLocation(locationId: number, values: SaveLocationRequest): Promise<number> {
  return (await api.post<{ data: { _id: number } }>(`/locations/${locationId}`, values)).data._id;
}

export function deleteLocation(locationId: number) {
  return apiRequest('DELETE', `/locations/${locationId}`);
}

import type { LocationRecord, MapRecord } from '@hiwar/contracts';
import type { FakeServer } from '../../test/render-app.tsx';

/** Test data for the maps screens: three pages of maps, and the given locations on every list. */
export function mapRecord(id: number, title: string, locationsCount = 0): MapRecord {
  return { _id: id, title, locations_count: locationsCount };
}

export function locationRecord(
  id: number,
  title: string,
  map: { _id: number; title: string },
): LocationRecord {
  return { _id: id, title, map_id: map._id, map, x: 30.0444, y: -31.2357, yaw: 90.5 };
}

/** A call the test answers itself; undefined leaves it to the lists and reads. */
type SpecialAnswer = (method: string, path: string) => ReturnType<FakeServer> | undefined;

/** Special answers first; otherwise the lists and reads answer from `maps` and `locations`. */
export function mapsServer(
  maps: MapRecord[],
  locations: LocationRecord[],
  special?: SpecialAnswer,
): FakeServer {
  return (method, path) => {
    const answer = special?.(method, path);
    if (answer) return answer;
    const query = new URLSearchParams(path.split('?')[1] ?? '');
    const page = Number(query.get('page') ?? 1);
    if (path.startsWith('/maps?'))
      return { json: { status: 1, data: { current_page: page, data: maps }, pages_count: 3 } };
    if (path === '/maps/list/all')
      return { json: { status: 1, data: maps.map(({ _id, title }) => ({ _id, title })) } };
    if (path.startsWith('/locations/list/'))
      return { json: { status: 1, data: { current_page: page, data: locations }, pages_count: 2 } };
    const mapMatch = /^\/maps\/(\d+)$/.exec(path);
    const map = maps.find((entry) => entry._id === Number(mapMatch?.[1]));
    if (method === 'GET' && map) return { json: { status: 1, data: { _id: map._id, title: map.title } } };
    const locationMatch = /^\/locations\/(\d+)$/.exec(path);
    const location = locations.find((entry) => entry._id === Number(locationMatch?.[1]));
    if (method === 'GET' && location) return { json: { status: 1, data: location } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
}

import type { LocationRecord, SaveLocationRequest } from '@hiwar/contracts';

/** What the location form edits: the decimals stay text while typed, so '-' and '12.' can be on the way. */
export interface LocationFormValues {
  title: string;
  x: string;
  y: string;
  yaw: string;
  /** the selector's value; '' until a map is chosen */
  map_id: string;
}

/** A saved location, or a new one on the route's map (0: none chosen yet, the selector shows). */
export function locationFormValuesOf(
  location: LocationRecord | undefined,
  routeMapId: number,
): LocationFormValues {
  if (location)
    return {
      title: location.title,
      x: String(location.x),
      y: String(location.y),
      yaw: String(location.yaw),
      map_id: String(location.map_id),
    };
  return { title: '', x: '', y: '', yaw: '', map_id: routeMapId > 0 ? String(routeMapId) : '' };
}

/** The request the contract checks: a map route param other than 0 fixes the map, the selector picks it otherwise. */
export function locationRequestOf(values: LocationFormValues, routeMapId: number): SaveLocationRequest {
  return {
    title: values.title.trim(),
    x: values.x.trim(),
    y: values.y.trim(),
    yaw: values.yaw.trim(),
    map_id: routeMapId > 0 ? routeMapId : values.map_id === '' ? 0 : values.map_id,
  };
}

import { type BotMessage, type CommandResponseRecord, MAX_LOCATIONS } from '@hiwar/contracts';
import { interpolate } from '../interpolate.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderIntro } from './text-response.ts';

/** The intro text, then the response's places (at most 5). */
export async function executeLocationResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const locations = response.resp_location_resp_struct.slice(0, MAX_LOCATIONS).map((place) => ({
    title: interpolate(place.title, context.values),
    lat: place.lat,
    lng: place.lng,
  }));
  const intro = renderIntro(response, context.values);
  return locations.length > 0 ? [...intro, { type: 'location', locations }] : intro;
}

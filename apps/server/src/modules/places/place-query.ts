import type { placeLanguages } from '@hiwar/contracts';

/** One search as a geocoder is asked it: the owner's text, trimmed, and the console's language when given. */
export interface PlaceQuery {
  text: string;
  lang?: (typeof placeLanguages)[number] | undefined;
}

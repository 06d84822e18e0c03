import type { IncomingMessage } from 'node:http';
import { startTestServer } from '../platform/net/peer-servers.ts';

/** One request a fake geocoder received, and what it answered. */
export interface ReceivedRequest {
  method: string;
  /** path with its query */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

export interface FakeAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export interface FakeFailure {
  status: number;
  /** seconds sent as Retry-After */
  retryAfter?: number;
}

/** The HTTP plumbing both fake geocoders share: a server on 127.0.0.1, every request recorded, failures queued. */
export interface FakeGeocoderServer {
  /** http://127.0.0.1:port */
  url: string;
  requests: ReceivedRequest[];
  /** the next `count` requests answer `failure.status` (the fake's own error body for it) */
  failNext(count: number, failure: FakeFailure): void;
  /** stops listening; a second call waits for the first */
  close(): Promise<void>;
}

export async function startFakeGeocoderServer(
  answer: (request: Omit<ReceivedRequest, 'status'>, url: URL) => FakeAnswer,
  failureAnswer: (failure: FakeFailure) => FakeAnswer,
): Promise<FakeGeocoderServer> {
  const requests: ReceivedRequest[] = [];
  const failures: FakeFailure[] = [];
  const server = await startTestServer(({ method, url: path, headers, body }, response) => {
    const received = { method, path, headers, body };
    const failure = failures.shift();
    const answered = failure
      ? failureAnswer(failure)
      : answer(received, new URL(path, 'http://fake.invalid'));
    requests.push({ ...received, status: answered.status });
    response.writeHead(answered.status, {
      'content-type': answered.contentType ?? 'application/json; charset=utf-8',
      ...(failure?.retryAfter !== undefined && { 'retry-after': String(failure.retryAfter) }),
    });
    response.end(answered.body);
  });
  let closing: Promise<void> | null = null;
  return {
    url: server.origin,
    requests,
    failNext(count, failure) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    // a test may close it early (an unreachable geocoder); closing again waits for the first
    close() {
      closing ??= server.close();
      return closing;
    },
  };
}

/** A place as a fake geocoder holds it: a name per language (English when the language has none). */
export interface FakePlace {
  id: string;
  names: { en: string; ar?: string };
  address: string;
  lat: number;
  lng: number;
}

/** The places whose English or Arabic name contains the query, any case (the fakes' idea of relevance). */
export function matchingPlaces(places: FakePlace[], query: string): FakePlace[] {
  const wanted = query.trim().toLowerCase();
  return places.filter((place) =>
    [place.names.en, place.names.ar ?? ''].some((name) => name !== '' && name.toLowerCase().includes(wanted)),
  );
}

export const cairoPlaces: FakePlace[] = [
  {
    id: 'ChIJcairotower',
    names: { en: 'Cairo Tower', ar: 'برج القاهرة' },
    address: 'Zamalek, Cairo Governorate 4270010, Egypt',
    lat: 30.0459751,
    lng: 31.2242988,
  },
  {
    id: 'ChIJcairoairport',
    names: { en: 'Cairo International Airport', ar: 'مطار القاهرة الدولي' },
    address: 'Cairo Governorate, Egypt',
    lat: 30.1118996,
    lng: 31.4139277,
  },
  {
    id: 'ChIJgizapyramids',
    names: { en: 'Pyramids of Giza', ar: 'أهرامات الجيزة' },
    address: 'Al Haram, Giza Governorate 3512201, Egypt',
    lat: 29.9791705,
    lng: 31.1342046,
  },
];

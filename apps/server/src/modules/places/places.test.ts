import { messages, placeMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import type { FakeGeocoderServer } from '../../testing/places/fake-geocoder.ts';
import { type FakeGooglePlaces, startFakeGooglePlaces } from '../../testing/places/fake-google-places.ts';
import { startFakeNominatim } from '../../testing/places/fake-nominatim.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { GOOGLE_FIELD_MASK } from './google-places.ts';
import { PLACE_SEARCHES_PER_MINUTE } from './places-module.ts';

const search = (server: TestServer, token: string, body: unknown) =>
  server.call('POST', '/api/google/places', { token, body });

/** The fake geocoders run on 127.0.0.1: the outbound guard refuses it unless the operator allows it. */
const allowLoopback = { outboundAllow: ['127.0.0.1'] };

/** Texts an owner may type that must reach the geocoder as one value, whole, and change nothing else. */
const hostileTexts = [
  'a&format=xml&limit=40',
  'x#fragment?q=y',
  '../../v1/places:autocomplete',
  'قهوة\u200f في مصر',
  'café 🙂 "quoted" \'single\'',
  'line\nbreak\ttab',
  '%00%zz%2F',
  '{"textQuery":"other"}',
];

describe.each(await testDatabaseKinds())('place search on $label', (kind) => {
  describe("without a geocoder: the owner's saved locations", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server.close();
    });

    async function ownerWithLocations(locations: { map: string; title: string; x: number; y: number }[]) {
      const { token } = await registerAndLogin(server);
      const maps = new Map<string, number>();
      for (const location of locations) {
        let mapId = maps.get(location.map);
        if (mapId === undefined) {
          mapId = (await server.call('POST', '/api/maps/0', { token, body: { title: location.map } })).json
            .data._id as number;
          maps.set(location.map, mapId);
        }
        const saved = await server.call('POST', '/api/locations/0', {
          token,
          body: { title: location.title, x: location.x, y: location.y, yaw: 0, map_id: mapId },
        });
        expect(saved.status, saved.text).toBe(200);
      }
      return token;
    }

    it('finds the owner’s locations on every map by a part of their title in any case, x as latitude', async () => {
      const token = await ownerWithLocations([
        { map: 'Downtown', title: 'Tahrir Square gate', x: 30.0444, y: 31.2357 },
        { map: 'Airport', title: 'Terminal 3 gate', x: 30.1119, y: 31.4139 },
        { map: 'Airport', title: 'Parking', x: 30.11, y: 31.41 },
      ]);
      const answer = await search(server, token, { text: '  GATE ' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.status).toBe(1);
      expect(answer.json.data.source).toBe('locations');
      expect(answer.json.data.places).toEqual([
        {
          id: expect.stringMatching(/^location:\d+$/),
          title: 'Tahrir Square gate',
          address: 'Downtown',
          lat: 30.0444,
          lng: 31.2357,
        },
        {
          id: expect.stringMatching(/^location:\d+$/),
          title: 'Terminal 3 gate',
          address: 'Airport',
          lat: 30.1119,
          lng: 31.4139,
        },
      ]);
      expect((await search(server, token, { text: 'nowhere' })).json.data).toEqual({
        source: 'locations',
        places: [],
      });
      // % and _ are letters here, not patterns
      expect((await search(server, token, { text: '%' })).json.data.places).toEqual([]);
    });

    it('never finds another owner’s locations', async () => {
      await ownerWithLocations([{ map: 'Secret', title: 'Hidden vault', x: 1, y: 2 }]);
      const { token } = await registerAndLogin(server);
      expect((await search(server, token, { text: 'vault' })).json.data.places).toEqual([]);
    });

    it('refuses a missing, empty or too long text and an unknown language with 422 naming the field', async () => {
      const { token } = await registerAndLogin(server);
      for (const [body, field, message] of [
        [{}, 'text', placeMessages.textRequired],
        [{ text: '   ' }, 'text', placeMessages.textRequired],
        [{ text: 'x'.repeat(201) }, 'text', placeMessages.textTooLong],
        [{ text: 42 }, 'text', placeMessages.textRequired],
      ] as const) {
        const answer = await search(server, token, body);
        expect(answer.status, answer.text).toBe(422);
        expect(answer.json).toEqual({
          status: 0,
          msg: messages.givenDataInvalid,
          errors: { [field]: [message] },
        });
      }
      const language = await search(server, token, { text: 'gate', lang: 'fr' });
      expect(language.status).toBe(422);
      expect(Object.keys(language.json.errors)).toEqual(['lang']);
    });

    it('needs a signed-in owner', async () => {
      const answer = await server.call('POST', '/api/google/places', { body: { text: 'gate' } });
      expect(answer.status).toBe(401);
    });

    it(`answers ${PLACE_SEARCHES_PER_MINUTE} searches a minute per owner, then 429 with Retry-After`, async () => {
      const { token } = await registerAndLogin(server);
      const { token: other } = await registerAndLogin(server);
      // a limit counted in whole minutes: started at a minute's end, the count would start again mid-test
      const secondsLeft = 60 - ((Date.now() / 1000) % 60);
      if (secondsLeft < 10) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
      for (let index = 0; index < PLACE_SEARCHES_PER_MINUTE; index += 1) {
        const answer = await search(server, token, { text: `place ${index}` });
        expect(answer.status, answer.text).toBe(200);
      }
      const refused = await search(server, token, { text: 'one more' });
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({ status: 0, msg: placeMessages.tooManySearches });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await search(server, other, { text: 'one more' })).status).toBe(200);
    });
  });

  describe('with Google Places (a Nominatim set too: Google comes first)', () => {
    let google: FakeGooglePlaces;
    let nominatim: FakeGeocoderServer;
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      google = await startFakeGooglePlaces({ apiKey: 'AIza-test-key' });
      nominatim = await startFakeNominatim();
      server = await startTestServer(kind, {
        ...allowLoopback,
        googlePlacesApiKey: 'AIza-test-key',
        googlePlacesUrl: google.url,
        nominatimUrl: nominatim.url,
      });
      ({ token } = await registerAndLogin(server));
    });
    afterAll(async () => {
      await server.close();
      await google.close();
      await nominatim.close();
    });

    it('asks Text Search with the key, the field mask and the text, and answers its places', async () => {
      const answer = await search(server, token, { text: 'cairo' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data).toEqual({
        source: 'google',
        places: [
          {
            id: 'google:ChIJcairotower',
            title: 'Cairo Tower',
            address: 'Zamalek, Cairo Governorate 4270010, Egypt',
            lat: 30.0459751,
            lng: 31.2242988,
          },
          {
            id: 'google:ChIJcairoairport',
            title: 'Cairo International Airport',
            address: 'Cairo Governorate, Egypt',
            lat: 30.1118996,
            lng: 31.4139277,
          },
        ],
      });
      const [request] = google.requests;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/places:searchText', status: 200 });
      expect(request?.headers['x-goog-api-key']).toBe('AIza-test-key');
      expect(request?.headers['x-goog-fieldmask']).toBe(GOOGLE_FIELD_MASK);
      expect(JSON.parse(request?.body ?? '')).toEqual({ textQuery: 'cairo', pageSize: 10 });
      expect(nominatim.requests).toEqual([]);
    });

    it('sends any text the owner types as the whole textQuery, and nothing else', async () => {
      for (const text of hostileTexts) {
        const answer = await search(server, token, { text, lang: 'en' });
        expect(answer.status, `${text}: ${answer.text}`).toBe(200);
        expect(JSON.parse(google.requests.at(-1)?.body ?? '')).toEqual({
          textQuery: text,
          pageSize: 10,
          languageCode: 'en',
        });
        expect(google.requests.at(-1)?.path).toBe('/v1/places:searchText');
      }
    });

    it('asks in the owner’s language and answers names in it', async () => {
      const answer = await search(server, token, { text: 'برج', lang: 'ar' });
      expect(answer.json.data.places).toEqual([expect.objectContaining({ title: 'برج القاهرة' })]);
      expect(JSON.parse(google.requests.at(-1)?.body ?? '')).toEqual({
        textQuery: 'برج',
        pageSize: 10,
        languageCode: 'ar',
      });
    });

    it('keeps an answer: the same search, spaced or capitalised otherwise, by any owner, asks Google once', async () => {
      const { token: other } = await registerAndLogin(server);
      const before = google.requests.length;
      const first = await search(server, token, { text: 'Pyramids of Giza' });
      const again = await search(server, other, { text: '  pyramids   OF giza ' });
      expect(again.json).toEqual(first.json);
      expect(google.requests.length).toBe(before + 1);
      await search(server, token, { text: 'pyramids of giza', lang: 'ar' });
      expect(google.requests.length).toBe(before + 2);
    });

    it('answers no places when Google finds none ({})', async () => {
      expect((await search(server, token, { text: 'Atlantis' })).json.data).toEqual({
        source: 'google',
        places: [],
      });
    });

    it("answers Google's 429 as a busy 503 with its Retry-After, and asks again next time", async () => {
      google.failNext(1, { status: 429, retryAfter: 17 });
      const busy = await search(server, token, { text: 'airport' });
      expect(busy.status).toBe(503);
      expect(busy.json).toEqual({ status: 0, msg: placeMessages.serviceBusy });
      expect(busy.headers.get('retry-after')).toBe('17');
      google.failNext(1, { status: 429 });
      expect((await search(server, token, { text: 'airport' })).headers.get('retry-after')).toBe('60');
      const next = await search(server, token, { text: 'airport' });
      expect(next.status, next.text).toBe(200);
      expect(next.json.data.places).toHaveLength(1);
    });

    it("answers Google's 500 as unavailable, and a key Google refuses as the operator's to fix", async () => {
      google.failNext(1, { status: 500 });
      const failed = await search(server, token, { text: 'tower' });
      expect(failed.status).toBe(503);
      expect(failed.json).toEqual({ status: 0, msg: placeMessages.serviceUnavailable });
      expect(failed.headers.get('retry-after')).toBe('30');

      google.apiKey = 'another-key';
      try {
        const refused = await search(server, token, { text: 'giza' });
        expect(refused.status).toBe(503);
        expect(refused.json).toEqual({ status: 0, msg: placeMessages.serviceRefused });
        expect(google.requests.at(-1)?.status).toBe(400);
      } finally {
        google.apiKey = 'AIza-test-key';
      }
    });
  });

  describe('with Nominatim', () => {
    let nominatim: FakeGeocoderServer;
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      nominatim = await startFakeNominatim();
      server = await startTestServer(kind, {
        ...allowLoopback,
        nominatimUrl: nominatim.url,
        publicUrl: 'https://bots.example.com',
      });
      ({ token } = await registerAndLogin(server));
    });
    afterAll(async () => {
      await server.close();
      await nominatim.close();
    });

    it('asks /search for jsonv2 with the text, a limit and the language, naming Hiwar, and answers its places', async () => {
      const answer = await search(server, token, { text: 'Cairo Tower', lang: 'en' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data).toEqual({
        source: 'nominatim',
        places: [
          {
            id: 'nominatim:way/4000000',
            title: 'Cairo Tower',
            address: 'Cairo Tower, Zamalek, Cairo Governorate 4270010, Egypt',
            lat: 30.0459751,
            lng: 31.2242988,
          },
        ],
      });
      const request = nominatim.requests.at(-1);
      expect(request?.method).toBe('GET');
      const url = new URL(request?.path ?? '', 'http://fake.invalid');
      expect(url.pathname).toBe('/search');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        q: 'Cairo Tower',
        format: 'jsonv2',
        limit: '10',
        'accept-language': 'en',
      });
      expect(request?.headers['user-agent']).toMatch(/^Hiwar\/1 \(.*https:\/\/bots\.example\.com\)$/);
    });

    it('sends any text the owner types as the one q value, and nothing else', async () => {
      for (const text of hostileTexts) {
        const answer = await search(server, token, { text });
        expect(answer.status, `${text}: ${answer.text}`).toBe(200);
        const url = new URL(nominatim.requests.at(-1)?.path ?? '', 'http://fake.invalid');
        expect(url.pathname).toBe('/search');
        expect([...url.searchParams]).toEqual([
          ['q', text],
          ['format', 'jsonv2'],
          ['limit', '10'],
        ]);
      }
    });

    it('answers Arabic names when asked in Arabic, and keeps each answer', async () => {
      const before = nominatim.requests.length;
      const answer = await search(server, token, { text: 'pyramids', lang: 'ar' });
      expect(answer.json.data.places).toEqual([
        expect.objectContaining({ title: 'أهرامات الجيزة', lat: 29.9791705, lng: 31.1342046 }),
      ]);
      await search(server, token, { text: 'PYRAMIDS', lang: 'ar' });
      expect(nominatim.requests.length).toBe(before + 1);
    });

    it('answers its 429 as busy, and its 500 or an answer it does not document as unavailable: 503', async () => {
      nominatim.failNext(1, { status: 429 });
      const busy = await search(server, token, { text: 'airport' });
      expect(busy.status).toBe(503);
      expect(busy.json.msg).toBe(placeMessages.serviceBusy);
      nominatim.failNext(1, { status: 500 });
      const failed = await search(server, token, { text: 'airport' });
      expect(failed.status).toBe(503);
      expect(failed.json.msg).toBe(placeMessages.serviceUnavailable);
      // a 200 whose body is not the jsonv2 array (here its error object)
      nominatim.failNext(1, { status: 200 });
      const unreadable = await search(server, token, { text: 'airport' });
      expect(unreadable.status).toBe(503);
      expect(unreadable.json.msg).toBe(placeMessages.serviceUnavailable);
      expect((await search(server, token, { text: 'airport' })).json.data.places).toHaveLength(1);
    });

    it('answers unavailable when the server cannot be reached at all', async () => {
      await nominatim.close();
      const answer = await search(server, token, { text: 'somewhere new' });
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ status: 0, msg: placeMessages.serviceUnavailable });
    });
  });

  describe('with a geocoder at a local address the operator has not allowed', () => {
    let google: FakeGooglePlaces;
    let server: TestServer;
    beforeAll(async () => {
      google = await startFakeGooglePlaces();
      server = await startTestServer(kind, {
        googlePlacesApiKey: google.apiKey,
        googlePlacesUrl: google.url,
      });
    });
    afterAll(async () => {
      await server.close();
      await google.close();
    });

    it('refuses to connect, and says OUTBOUND_ALLOW can allow it', async () => {
      const { token } = await registerAndLogin(server);
      const answer = await search(server, token, { text: 'cairo' });
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ status: 0, msg: placeMessages.addressNotAllowed });
      expect(google.requests).toEqual([]);
    });
  });
});

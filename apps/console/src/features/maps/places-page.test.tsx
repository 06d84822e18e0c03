import { type PlaceSearchAnswer, placeMessages } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { mapRecord, mapsServer } from './fake-maps-server.ts';

const tower = {
  id: 'google:ChIJtower',
  title: 'Cairo Tower',
  address: 'Zamalek, Cairo, Egypt',
  lat: 30.0459751,
  lng: 31.2242988,
};

/** The maps screens' fake server, answering POST /google/places with `answer` (a status and envelope). */
function placesServer(answer: { status?: number; json: unknown }) {
  return mapsServer([mapRecord(4, 'City mall')], [], (method, path) =>
    method === 'POST' && path === '/google/places' ? answer : undefined,
  );
}

const found = (data: PlaceSearchAnswer) => ({ json: { status: 1, data } });

function placeSearches(fetchStub: ReturnType<typeof stubServer>) {
  return fetchStub.mock.calls
    .filter(([url]) => String(url) === '/api/google/places')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** A field of the location form by its label (required ones carry an asterisk). */
const formField = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));

function searchFor(text: string) {
  const field = screen.getByLabelText('Search places');
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

afterEach(() => vi.unstubAllGlobals());

describe('place messages', () => {
  it('have an English text equal to the contract and an Arabic translation', () => {
    expect(en.places.serverMessages).toEqual(placeMessages);
    for (const key of Object.keys(placeMessages))
      expect(ar.places.serverMessages[key as keyof typeof placeMessages]).toMatch(/\p{Script=Arabic}/u);
  });
});

describe('place search page', () => {
  it('searches on Enter in the console’s language and lists the places with their source', async () => {
    setToken('t');
    const fetchStub = stubServer(placesServer(found({ source: 'google', places: [tower] })));
    renderApp('/places');
    await screen.findByRole('heading', { name: 'Place search' });
    expect(within(screen.getByTestId('places-table')).getByText('no data')).toBeDefined();
    searchFor('  cairo ');
    const table = screen.getByTestId('places-table');
    await within(table).findByText('Cairo Tower');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(
      'Cairo TowerZamalek, Cairo, Egypt30.045975131.2242988',
    );
    expect(screen.getByTestId('place-search-source').textContent).toBe('Results from Google Places');
    expect(placeSearches(fetchStub)).toEqual([{ text: 'cairo', lang: 'en' }]);
  });

  it('says when nothing was found and that the saved locations were searched', async () => {
    setToken('t');
    stubServer(placesServer(found({ source: 'locations', places: [] })));
    renderApp('/places');
    searchFor('atlantis');
    expect((await screen.findByTestId('place-search-source')).textContent).toBe(
      'No place found · From your saved map locations: this server has no place search service set up',
    );
  });

  it('says in Arabic why the search failed, with the search button', async () => {
    setToken('t');
    const fetchStub = stubServer(
      placesServer({ status: 503, json: { status: 0, msg: placeMessages.serviceBusy } }),
    );
    renderApp('/places', 'ar');
    await screen.findByRole('heading', { name: 'البحث عن الأماكن' });
    fireEvent.change(screen.getByLabelText('البحث عن الأماكن'), { target: { value: 'برج' } });
    fireEvent.click(screen.getByRole('button', { name: 'بحث' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ar.places.serverMessages.serviceBusy);
    expect(placeSearches(fetchStub)).toEqual([{ text: 'برج', lang: 'ar' }]);
  });

  it('is one click away from the maps list', async () => {
    setToken('t');
    stubServer(placesServer(found({ source: 'google', places: [] })));
    renderApp('/maps');
    const link = await screen.findByRole('link', { name: 'Place search' });
    expect(link.getAttribute('href')).toBe('/places');
  });
});

describe('place search on the location form', () => {
  it('fills an empty title, X with the latitude and Y with the longitude; Enter saves nothing', async () => {
    setToken('t');
    const fetchStub = stubServer(placesServer(found({ source: 'nominatim', places: [tower] })));
    renderApp('/locations/4/0');
    await screen.findByText('New location');
    searchFor('tower');
    fireEvent.click(await screen.findByRole('button', { name: 'Use: Cairo Tower' }));
    await waitFor(() => expect(formField('X')).toHaveProperty('value', '30.045975'));
    expect(formField('Y')).toHaveProperty('value', '31.224299');
    expect(formField('Title')).toHaveProperty('value', 'Cairo Tower');
    expect(
      fetchStub.mock.calls.filter(
        ([url, init]) => String(url).startsWith('/api/locations/') && init?.method === 'POST',
      ),
    ).toEqual([]);
  });

  it('keeps a title already typed', async () => {
    setToken('t');
    stubServer(placesServer(found({ source: 'google', places: [tower] })));
    renderApp('/locations/4/0');
    await screen.findByText('New location');
    fireEvent.change(formField('Title'), { target: { value: 'North gate' } });
    searchFor('tower');
    fireEvent.click(await screen.findByRole('button', { name: 'Use: Cairo Tower' }));
    await waitFor(() => expect(formField('X')).toHaveProperty('value', '30.045975'));
    expect(formField('Title')).toHaveProperty('value', 'North gate');
  });
});

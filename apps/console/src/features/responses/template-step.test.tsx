import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { COMMAND_ID, responseServer, savedRecords, UPLOADED_URL } from './fake-response-server.ts';

afterEach(() => vi.unstubAllGlobals());

const base = `/services/3/commands/${COMMAND_ID}/result`;

function open(stored: Parameters<typeof responseServer>[0], lang = 'en') {
  setToken('t');
  const fetchStub = stubServer(responseServer(stored, lang));
  const { router } = renderApp(`${base}/template`);
  return { fetchStub, router };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

function imageFile(name: string, type: string, size = 10) {
  return new File([new Uint8Array(size)], name, { type });
}

describe('response template', () => {
  it('writes the command language in resp_text and the Arabic version, right to left, in resp_text_langs', async () => {
    const { fetchStub, router } = open({ resp_type: 'text', resp_text: '' }, 'en');
    const text = await screen.findByRole('combobox', { name: 'Response text' });
    expect(text.getAttribute('dir')).toBe('ltr');
    fireEvent.change(text, { target: { value: 'Hello' } });
    fireEvent.click(screen.getAllByRole('button', { name: /Other languages/ })[0] as HTMLElement);
    const arabic = await screen.findByRole('textbox', { name: 'Response text in Arabic' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    fireEvent.change(arabic, { target: { value: 'أهلًا' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/extra-options`));
    expect(savedRecords(fetchStub)[0]).toMatchObject({
      resp_type: 'text',
      resp_text: 'Hello',
      resp_text_langs: { ar: 'أهلًا' },
    });
  });

  it('inserts a variable picked after @v as {{name}} in the response text', async () => {
    open({ resp_type: 'text', resp_text: '' });
    const text = (await screen.findByRole('combobox', { name: 'Response text' })) as HTMLTextAreaElement;
    const typed = 'Weather in @v';
    fireEvent.change(text, {
      target: { value: typed, selectionStart: typed.length, selectionEnd: typed.length },
    });
    expect(await screen.findByRole('option', { name: '{{city}}' })).toBeDefined();
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(text.value).toBe('Weather in {{city}}');
  });

  it('writes an Arabic command plain text right to left', async () => {
    open({ resp_type: 'text', resp_text: 'مرحبا' }, 'ar');
    const text = await screen.findByRole('combobox', { name: 'Response text' });
    expect(text.getAttribute('dir')).toBe('rtl');
    expect((text as HTMLTextAreaElement).value).toBe('مرحبا');
  });

  it('adds at most 5 cards and refuses to save a card without media and title', async () => {
    const { fetchStub } = open({ resp_type: 'text' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Static cards' }));
    const add = await screen.findByRole('button', { name: 'Add card' });
    for (let count = 0; count < 5; count += 1) fireEvent.click(add);
    expect(screen.getAllByTestId('static-card')).toHaveLength(5);
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('cards-error')).toHaveProperty(
      'textContent',
      'please complete required fields like media & title!',
    );
    expect(savedRecords(fetchStub)).toEqual([]);
  });

  it('uploads a card image and saves the card as static cards', async () => {
    const { fetchStub, router } = open({ resp_type: 'text' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Static cards' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    const png = imageFile('card.png', 'image/png');
    fireEvent.change(fileInput(), { target: { files: [png] } });
    const media = screen.getByRole('textbox', { name: 'Card 1 image URL' }) as HTMLInputElement;
    await waitFor(() => expect(media.value).toBe(UPLOADED_URL));
    const upload = fetchStub.mock.calls.find(([url]) => url === '/api/upload-image/static-cards');
    expect((upload?.[1]?.body as FormData | undefined)?.get('image')).toBe(png);
    fireEvent.change(screen.getByRole('textbox', { name: 'Card 1 title' }), {
      target: { value: 'Margherita' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/extra-options`));
    const [saved] = savedRecords(fetchStub);
    expect(saved?.resp_type).toBe('static_cards');
    expect(saved?.resp_static_cards_resp_struct[0]).toMatchObject({
      media_default_value: UPLOADED_URL,
      title_default_value: 'Margherita',
    });
  });

  it('refuses another file type before uploading', async () => {
    const { fetchStub } = open({ resp_type: 'text' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Static cards' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    fireEvent.change(fileInput(), { target: { files: [imageFile('anim.gif', 'image/gif')] } });
    expect(await screen.findByText('This file type is not supported')).toBeDefined();
    expect(fetchStub.mock.calls.filter(([url]) => String(url).startsWith('/api/upload-image'))).toEqual([]);
  });

  it('saves the map tab as locations and refuses a place without coordinates', async () => {
    const { fetchStub } = open({ resp_type: 'text' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Map' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add place' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Place 1 title' }), { target: { value: 'Cairo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // the refusal names the row and marks its missing fields
    expect(await screen.findByText('Place 1: please complete required fields!')).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Place 1 latitude' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Place 1 title' }).getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    expect(savedRecords(fetchStub)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Place 1 latitude' }), {
      target: { value: '30.04' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Place 1 longitude' }), {
      target: { value: '31.24' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedRecords(fetchStub)).toHaveLength(1));
    expect(savedRecords(fetchStub)[0]).toMatchObject({
      resp_type: 'location',
      resp_location_resp_struct: [{ title: 'Cairo', lat: '30.04', lng: '31.24' }],
    });
  });

  it('fills the empty row just added with a place found by the search, its coordinates rounded to six decimals', async () => {
    const { fetchStub } = open({ resp_type: 'text' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Map' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add place' }));
    const search = await screen.findByRole('textbox', { name: 'Search places' });
    fireEvent.change(search, { target: { value: 'tower' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add: Cairo Tower' }));
    expect(screen.getByRole('textbox', { name: 'Place 1 title' })).toHaveProperty('value', 'Cairo Tower');
    expect(screen.getByRole('textbox', { name: 'Place 1 latitude' })).toHaveProperty('value', '30.045975');
    expect(screen.getByRole('textbox', { name: 'Place 1 longitude' })).toHaveProperty('value', '31.224299');
    expect(screen.queryByRole('textbox', { name: 'Place 2 title' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedRecords(fetchStub)).toHaveLength(1));
    expect(savedRecords(fetchStub)[0]).toMatchObject({
      resp_type: 'location',
      resp_location_resp_struct: [{ title: 'Cairo Tower', lat: '30.045975', lng: '31.224299' }],
    });
    const searched = fetchStub.mock.calls.find(([url]) => url === '/api/google/places');
    expect(JSON.parse(String(searched?.[1]?.body))).toEqual({ text: 'tower', lang: 'en' });
  });
});

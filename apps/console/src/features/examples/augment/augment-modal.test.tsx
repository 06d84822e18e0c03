import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token.ts';
import { exampleRecord } from '../../../test/fake-authoring-server.ts';
import { renderAt, stubServer } from '../../../test/render-app.tsx';
import { ExamplesTab } from '../examples-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it for font loads
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const record = (id: number, text: string, lang: string) => exampleRecord(id, 3, text, lang);

const suggestionsFor: Record<string, string[]> = {
  'I want a large pizza': ['I need a large pizza', 'I would like a big pizza', 'give me a large pizza'],
  'أريد بيتزا كبيرة': ['أحتاج بيتزا كبيرة', 'أبغى بيتزا كبيرة'],
};

function examplesServer() {
  let nextId = 10;
  const augmentCalls: Record<string, unknown>[] = [];
  const saved: string[] = [];
  const fetchStub = stubServer((_method, path, body) => {
    const fields = body as Record<string, unknown>;
    if (path === '/user/me') return { json: { status: 1, data: { engine_type: 'default' } } };
    if (path === '/command_example/get/3')
      return {
        json: {
          status: 1,
          data: [record(1, 'I want a large pizza', 'en'), record(2, 'أريد بيتزا كبيرة', 'ar')],
        },
      };
    if (path === '/command_var/get_all/3') return { json: { status: 1, data: [] } };
    if (path === '/command_example/augment_example') {
      augmentCalls.push(fields);
      const texts = suggestionsFor[String(fields.value)] ?? [];
      return { json: { status: 1, augmented_texts: texts.slice(0, Number(fields.max_samples)) } };
    }
    if (path === '/command_example/save_example') {
      saved.push(String(fields.example_text));
      nextId += 1;
      // as the server does: the language named, else the text's
      const text = String(fields.example_text);
      const lang =
        typeof fields.example_lang === 'string'
          ? fields.example_lang
          : /[\u0600-\u06FF]/.test(text)
            ? 'ar'
            : 'en';
      return { json: { status: 1, data: record(nextId, text, lang) } };
    }
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
  return { fetchStub, augmentCalls, saved };
}

async function openAugments(exampleText: string) {
  setToken('t');
  const rows = await screen.findAllByTestId('example-row');
  const row = rows.find((candidate) => candidate.textContent?.includes(exampleText));
  if (!row) throw new Error(`no row with ${exampleText}`);
  fireEvent.click(within(row).getByRole('button', { name: 'Augment' }));
  return screen.findByRole('dialog');
}

function renderTab() {
  setToken('t');
  renderAt(<ExamplesTab serviceId={2} commandId={3} lang="en" />, '/services/2/commands/3/examples');
}

const check = (dialog: HTMLElement, text: string) => fireEvent.click(within(dialog).getByLabelText(text));

describe('augments modal', () => {
  it('asks for rewordings of the example with the default limits and lists them to check', async () => {
    const server = examplesServer();
    renderTab();
    const dialog = await openAugments('I want a large pizza');
    expect(await within(dialog).findByLabelText('I would like a big pizza')).toBeDefined();
    expect(server.augmentCalls).toEqual([
      {
        value: 'I want a large pizza',
        max_samples: 5,
        lev_min_ratio: 35,
        example_command_id: 3,
        typos: false,
      },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
  });

  it('adds the checked texts as examples, stays open without them, offers no stored text again; add and close closes', async () => {
    const server = examplesServer();
    renderTab();
    const dialog = await openAugments('I want a large pizza');
    await within(dialog).findByLabelText('I need a large pizza');
    check(dialog, 'I need a large pizza');
    check(dialog, 'give me a large pizza');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.saved).toEqual(['I need a large pizza', 'give me a large pizza']));
    await waitFor(() => expect(within(dialog).queryByLabelText('I need a large pizza')).toBeNull());
    expect(screen.getByRole('dialog')).toBeDefined();
    const list = screen.getByTestId('examples-list');
    expect(within(list).getByText('give me a large pizza')).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.augmentCalls).toHaveLength(2));
    await within(dialog).findByLabelText('I would like a big pizza');
    expect(within(dialog).queryByLabelText('I need a large pizza')).toBeNull();

    check(dialog, 'I would like a big pizza');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add and close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.saved).toHaveLength(3);
    expect(within(list).getByText('I would like a big pizza')).toBeDefined();
  });

  it('refreshes with the edited limits and refuses an empty max samples', async () => {
    const server = examplesServer();
    renderTab();
    const dialog = await openAugments('I want a large pizza');
    await within(dialog).findByLabelText('I need a large pizza');
    const maxSamples = within(dialog).getByLabelText('Max samples');
    fireEvent.change(maxSamples, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(await within(dialog).findByText('The max samples field is required')).toBeDefined();
    expect(server.augmentCalls).toHaveLength(1);

    fireEvent.change(maxSamples, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.augmentCalls).toHaveLength(2));
    expect(server.augmentCalls[1]).toMatchObject({ max_samples: 1, lev_min_ratio: 35 });
    await waitFor(() => expect(within(dialog).queryByLabelText('give me a large pizza')).toBeNull());
    expect(within(dialog).getByLabelText('I need a large pizza')).toBeDefined();
  });

  it('names the difference plainly with help text, and asks for typos only when the owner ticks them', async () => {
    const server = examplesServer();
    renderTab();
    const dialog = await openAugments('I want a large pizza');
    await within(dialog).findByLabelText('I need a large pizza');
    expect(within(dialog).queryByText(/lev min ratio/i)).toBeNull();
    expect(within(dialog).getByLabelText('How different (%)')).toHaveProperty('value', '35');
    expect(within(dialog).getByText(/changes at least this share of the example's letters/)).toBeDefined();
    const typos = within(dialog).getByLabelText('Include typing mistakes');
    expect(typos).toHaveProperty('checked', false);
    fireEvent.click(typos);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.augmentCalls).toHaveLength(2));
    expect(server.augmentCalls[1]).toMatchObject({ typos: true, lev_min_ratio: 35 });
  });

  it('shows Arabic suggestions right to left and closes without adding', async () => {
    const server = examplesServer();
    renderTab();
    const dialog = await openAugments('أريد بيتزا كبيرة');
    const suggestion = await within(dialog).findByLabelText('أحتاج بيتزا كبيرة');
    expect(suggestion.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    check(dialog, 'أحتاج بيتزا كبيرة');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.saved).toEqual([]);
  });
});

import type { ExampleRecord } from '@hiwar/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { type FakeServer, renderAt, stubServer } from '../../test/render-app.tsx';
import { ExamplesTab } from './examples-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

function example(
  id: number,
  text: string,
  lang: string,
  vars: ExampleRecord['example_vars'] = [],
): ExampleRecord {
  return {
    _id: id,
    example_command_id: 3,
    user_id: 1,
    example_text: text,
    example_lang: lang,
    example_vars: vars,
    example_status: 1,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
  };
}

const pizza = example(1, 'I want a large pizza', 'en');
const arabic = example(2, 'أريد بيتزا كبيرة', 'ar');

function server(
  engine: string,
  extra: FakeServer = () => ({ status: 404, json: { status: 0, msg: 'Not found' } }),
) {
  return stubServer((method, path, body) => {
    if (path === '/user/me') return { json: { status: 1, data: { engine_type: engine } } };
    if (path === '/command_example/get/3') return { json: { status: 1, data: [pizza, arabic] } };
    if (path === '/command_var/get_all/3')
      return { json: { status: 1, data: [{ var_id: 9, var_name: 'size' }] } };
    return extra(method, path, body);
  });
}

function renderTab() {
  setToken('t');
  renderAt(<ExamplesTab serviceId={2} commandId={3} lang="en" />, '/services/2/commands/3/examples');
}

async function rowOf(text: string) {
  const rows = await screen.findAllByTestId('example-row');
  const row = rows.find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no example row with ${text}`);
  return row;
}

function selectInTextarea(row: HTMLElement, text: string) {
  const textarea = within(row).getByLabelText('Example text') as HTMLTextAreaElement;
  const start = textarea.value.indexOf(text);
  act(() => textarea.setSelectionRange(start, start + text.length));
  fireEvent.select(textarea);
}

async function tagAs(row: HTMLElement, variableName: string) {
  fireEvent.click(within(row).getByRole('button', { name: 'Tag' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: variableName }));
}

describe('examples tab', () => {
  it('shows Arabic examples right to left in the English console', async () => {
    server('default');
    renderTab();
    const row = await rowOf('أريد');
    expect(within(row).getByTestId('example-text').getAttribute('dir')).toBe('rtl');
    expect(
      within(await rowOf('pizza'))
        .getByTestId('example-text')
        .getAttribute('dir'),
    ).toBe('ltr');
    expect(screen.queryByRole('button', { name: 'Train' })).toBeNull();
  });

  it('tags selected text, replaces the earlier tag of the same variable and saves the server record', async () => {
    const saved = example(1, 'I want a large pizza', 'en', [{ tag: 'pizza', type: 9 }]);
    saved.updated_at = '2026-01-02 00:00:00';
    const fetchStub = server('default', (_method, path) =>
      path === '/command_example/save_example'
        ? { json: { status: 1, data: saved } }
        : { json: { status: 1 } },
    );
    renderTab();
    const row = await rowOf('pizza');
    expect((within(row).getByRole('button', { name: 'Tag' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    selectInTextarea(row, 'large');
    await tagAs(row, 'size');
    expect(within(row).getByText('size: large')).toBeDefined();
    selectInTextarea(row, 'pizza');
    await tagAs(row, 'size');
    expect(within(row).queryByText('size: large')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Successfully saved')).toBeDefined());
    const call = fetchStub.mock.calls.find(([url]) => url === '/api/command_example/save_example');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      _id: 1,
      example_command_id: 3,
      example_text: 'I want a large pizza',
      example_vars: [{ tag: 'pizza', type: 9 }],
    });
    const mark = within(await rowOf('pizza')).getByText('pizza', { selector: 'mark' });
    expect(mark.getAttribute('data-variable')).toBe('size');
  });

  it('says "Updating the model…" after a save until the server reports the model up to date', async () => {
    // the server's model state: up to date, updating after the save for two answers, then up to date again
    let states = ['up_to_date'];
    const fetchStub = server('default', (_method, path) => {
      if (path === '/command_example/save_example') {
        states = ['updating', 'updating', 'up_to_date'];
        return { json: { status: 1, data: { ...pizza, updated_at: '2026-01-03 00:00:00' } } };
      }
      if (path === '/command_example/check-if-free') {
        const model = states.length > 1 ? states.shift() : states[0];
        return { json: { status: 1, msg: 'free', last_training: null, model } };
      }
      return { json: { status: 1 } };
    });
    renderTab();
    const note = await screen.findByTestId('model-state');
    await waitFor(() => expect(note.textContent).toBe('Model up to date'));
    const row = await rowOf('pizza');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('model-state').textContent).toBe('Updating the model…'));
    await waitFor(() => expect(screen.getByTestId('model-state').textContent).toBe('Model up to date'), {
      timeout: 4000,
    });
    const checks = fetchStub.mock.calls.filter(([url]) => url === '/api/command_example/check-if-free');
    expect(checks.length).toBeGreaterThanOrEqual(3);
  });

  it('requires the text of a new example and removes a stored one', async () => {
    const fetchStub = server('default', () => ({ json: { status: 1 } }));
    renderTab();
    await rowOf('pizza');
    fireEvent.click(screen.getByRole('button', { name: 'New Example' }));
    const fresh = (await screen.findAllByTestId('example-row'))[0] as HTMLElement;
    fireEvent.click(within(fresh).getByRole('button', { name: 'Save' }));
    expect(await within(fresh).findByText('The example text field is required')).toBeDefined();
    fireEvent.click(within(await rowOf('pizza')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('I want a large pizza')).toBeNull());
    const urls = fetchStub.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
    expect(urls).toContain('DELETE /api/command_example/delete/1');
    expect(urls.some((url) => url.endsWith('save_example'))).toBe(false);
  });

  it('saves a row when Enter is pressed in its text, and keeps Shift+Enter for the text box', async () => {
    const fetchStub = server('default', (_method, path, body) =>
      path === '/command_example/save_example'
        ? {
            json: {
              status: 1,
              data: { ...example(5, '', 'en'), ...(body as object), example_lang: 'en', _id: 5 },
            },
          }
        : { json: { status: 1 } },
    );
    renderTab();
    await rowOf('pizza');
    fireEvent.click(screen.getByRole('button', { name: 'New Example' }));
    const fresh = (await screen.findAllByTestId('example-row'))[0] as HTMLElement;
    const text = within(fresh).getByLabelText('Example text');
    fireEvent.change(text, { target: { value: 'a pizza with olives' } });
    expect(fireEvent.keyDown(text, { key: 'Enter', shiftKey: true })).toBe(true);
    const saves = () => fetchStub.mock.calls.filter(([url]) => url === '/api/command_example/save_example');
    expect(saves()).toHaveLength(0);
    expect(fireEvent.keyDown(text, { key: 'Enter' })).toBe(false);
    expect(await screen.findByText('Successfully saved')).toBeDefined();
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toMatchObject({ example_text: 'a pizza with olives' });
    expect(await rowOf('a pizza with olives')).toBeDefined();
  });

  it('shows each example’s language, follows the script while one is typed, and leaves it to the server unless the owner picks one', async () => {
    const fetchStub = server('default', (_method, path, body) => {
      if (path !== '/command_example/save_example') return { json: { status: 1 } };
      const request = body as { _id?: number; example_lang?: string | null };
      // as the server does: the language named, else the text's (Arabic here)
      const lang = request.example_lang ?? 'ar';
      const id = request._id ?? 6;
      return {
        json: { status: 1, data: { ...example(id, '', lang), ...request, example_lang: lang, _id: id } },
      };
    });
    renderTab();
    const languageOf = (row: HTMLElement) => within(row).getByTestId('example-lang').textContent;
    expect(languageOf(await rowOf('أريد'))).toBe('AR');
    expect(languageOf(await rowOf('pizza'))).toBe('EN');

    fireEvent.click(screen.getByRole('button', { name: 'New Example' }));
    const fresh = (await screen.findAllByTestId('example-row'))[0] as HTMLElement;
    expect(languageOf(fresh)).toBe('EN');
    const text = within(fresh).getByLabelText('Example text');
    fireEvent.change(text, { target: { value: 'متى تفتحون' } });
    expect(languageOf(fresh)).toBe('AR');
    fireEvent.change(text, { target: { value: 'when are you open' } });
    expect(languageOf(fresh)).toBe('EN');
    fireEvent.change(text, { target: { value: 'متى تفتحون' } });
    fireEvent.click(within(fresh).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully saved')).toBeDefined();
    const saves = () => fetchStub.mock.calls.filter(([url]) => url === '/api/command_example/save_example');
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toMatchObject({
      example_text: 'متى تفتحون',
      example_lang: null,
    });

    // the owner says a stored English example is German: it is saved with that language
    const pizzaRow = await rowOf('pizza');
    fireEvent.click(within(pizzaRow).getByTestId('example-lang'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'German' }));
    expect(languageOf(pizzaRow)).toBe('DE');
    expect(within(pizzaRow).getByText('Not saved')).toBeDefined();
    fireEvent.click(within(pizzaRow).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(JSON.parse(String(saves()[1]?.[1]?.body))).toMatchObject({ _id: 1, example_lang: 'de' });
  });

  it('offers Train to bert engines and reports a missing training service as "Something went wrong"', async () => {
    server('bert');
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Train' }));
    expect(await screen.findByText('Something went wrong')).toBeDefined();
    expect((screen.getByRole('button', { name: 'Train' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

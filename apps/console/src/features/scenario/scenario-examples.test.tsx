import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { exampleRecord } from '../../test/fake-authoring-server.ts';
import { renderAt, stubServer } from '../../test/render-app.tsx';
import { newExampleLang, ScenarioExamples } from './scenario-examples.tsx';

afterEach(() => vi.unstubAllGlobals());

const example = (id: number, text: string, lang: string) => exampleRecord(id, 7, text, lang);

function examplesServer() {
  let nextId = 20;
  return stubServer((method, path, body) => {
    if (path === '/command_example/get/7') return { json: { status: 1, data: [example(1, 'hello', 'en')] } };
    if (path === '/command_example/save_example') {
      const request = body as { example_text: string; example_lang: string | null };
      nextId += 1;
      return {
        json: { status: 1, data: example(nextId, request.example_text, request.example_lang ?? 'de') },
      };
    }
    if (method === 'DELETE' || path.startsWith('/command_example/set_status/'))
      return { json: { status: 1 } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
}

const calls = (fetchStub: ReturnType<typeof stubServer>) =>
  fetchStub.mock.calls.map(([url, init]) => ({ at: `${init?.method} ${url}`, body: init?.body }));

function rowOf(text: string) {
  const row = screen.getAllByTestId('scenario-example-row').find((tr) => tr.textContent?.includes(text));
  if (!row) throw new Error(`no example row with ${text}`);
  return row;
}

describe('scenario examples', () => {
  it('requires the text, adds an Arabic example on Enter and shows it right to left', async () => {
    setToken('t');
    const fetchStub = examplesServer();
    renderAt(<ScenarioExamples commandId={7} />);
    await screen.findByText('hello');
    const input = screen.getByLabelText('New example');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('The example text field is required')).toBeDefined();
    expect(calls(fetchStub).some((call) => call.at.endsWith('save_example'))).toBe(false);

    fireEvent.change(input, { target: { value: ' أريد بيتزا ' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(calls(fetchStub).some((call) => call.at.endsWith('save_example'))).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    const added = await screen.findByText('أريد بيتزا');
    expect(added.getAttribute('dir')).toBe('rtl');
    expect(within(rowOf('hello')).getByText('hello').getAttribute('dir')).toBe('ltr');
    const save = calls(fetchStub).find((call) => call.at === 'POST /api/command_example/save_example');
    expect(JSON.parse(String(save?.body))).toEqual({
      example_command_id: 7,
      example_text: 'أريد بيتزا',
      example_lang: 'ar',
      example_status: 1,
    });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText('The example text field is required')).toBeNull();
  });

  it('adds with the button, switches an example off and removes one', async () => {
    setToken('t');
    const fetchStub = examplesServer();
    renderAt(<ScenarioExamples commandId={7} />);
    await screen.findByText('hello');
    fireEvent.change(screen.getByLabelText('New example'), { target: { value: 'Ich will Pizza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add example' }));
    expect(await screen.findByText('Ich will Pizza')).toBeDefined();
    // sent without a language, stored as the server read it off the text (German here)
    const save = calls(fetchStub).find((call) => call.at === 'POST /api/command_example/save_example');
    expect(JSON.parse(String(save?.body)).example_lang).toBeNull();
    expect(within(rowOf('Ich will Pizza')).getByText('DE')).toBeDefined();

    fireEvent.click(within(rowOf('hello')).getByRole('switch', { name: 'Status of hello' }));
    await waitFor(() =>
      expect(calls(fetchStub)).toContainEqual({
        at: 'POST /api/command_example/set_status/1',
        body: '{"status":0}',
      }),
    );
    await waitFor(() =>
      expect((within(rowOf('hello')).getByRole('switch') as HTMLInputElement).checked).toBe(false),
    );
    fireEvent.click(within(rowOf('hello')).getByRole('button', { name: 'Remove hello' }));
    await waitFor(() => expect(screen.queryByText('hello')).toBeNull());
    expect(calls(fetchStub).map((call) => call.at)).toContain('DELETE /api/command_example/delete/1');
  });
});

describe('the language of a new example', () => {
  it('is Arabic for Arabic script, and left to the server (English or German, else the command’s) otherwise', () => {
    expect(newExampleLang('مرحبا')).toBe('ar');
    expect(newExampleLang('salam')).toBeNull();
    expect(newExampleLang('Hallo')).toBeNull();
  });
});

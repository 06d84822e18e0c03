import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import {
  authoringServer,
  commandRecord,
  exampleRecord,
  serviceRecord,
} from '../../test/fake-authoring-server.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';

const pizza = serviceRecord(3, 'Pizza');
const greeting = commandRecord(7, 'Greeting', { command_lang: 'en', command_description: 'Say hello' });

afterEach(() => vi.unstubAllGlobals());

function savesIn(fetchStub: ReturnType<typeof stubServer>) {
  return fetchStub.mock.calls.filter(([url]) => String(url).startsWith('/api/command/save/'));
}

describe('command tabs', () => {
  it('warns when the command has examples in a language its reply has no version for, and links to the reply', async () => {
    setToken('t');
    stubServer(
      authoringServer([pizza], [greeting], (_method, path) => {
        if (path === '/command_example/get/7')
          return {
            json: {
              status: 1,
              data: [exampleRecord(1, 7, 'hello', 'en'), exampleRecord(2, 7, 'مرحبا', 'ar')],
            },
          };
        if (path === '/command_response/get/7')
          return {
            json: {
              status: 1,
              data: { resp_type: 'text', resp_text: 'Hello!', resp_text_langs: { de: 'Hallo!' } },
            },
          };
        return { status: 404, json: { status: 0, msg: 'Not found' } };
      }),
    );
    const { router } = renderApp('/services/3/commands/7/about');
    const warning = await screen.findByTestId('reply-language-warning');
    expect(warning.textContent).toContain(
      'Arabic senders will get the English reply: this command has Arabic examples, and its reply has no Arabic version.',
    );
    fireEvent.click(within(warning).getByRole('link', { name: 'Write the Arabic reply' }));
    // the response tab (its editor opens on the type step)
    await waitFor(() => expect(currentPath(router)).toBe('/services/3/commands/7/result/type'));
  });

  it('sends a malformed command id to /404 instead of treating it as a new command', async () => {
    setToken('t');
    stubServer(authoringServer([pizza], []));
    const { router } = renderApp('/services/3/commands/abc/advertises');
    await waitFor(() => expect(currentPath(router)).toBe('/404'));
  });

  it('says a deleted command no longer exists instead of showing an empty form, and leads back to its service', async () => {
    setToken('t');
    stubServer(authoringServer([pizza], [greeting]));
    const { router } = renderApp('/services/3/commands/8/about');
    const missing = await screen.findByTestId('command-missing');
    expect(within(missing).getByText('This command no longer exists')).toBeDefined();
    expect(screen.queryByTestId('command-about')).toBeNull();
    fireEvent.click(within(missing).getByRole('link', { name: 'Back to the commands' }));
    await waitFor(() => expect(currentPath(router)).toBe('/services/3/commands'));
  });

  it('keeps every tab but about disabled for a new command and sends nothing without a name', async () => {
    setToken('t');
    const fetchStub = stubServer(authoringServer([pizza], []));
    const { router } = renderApp('/services/3/commands/0');
    await waitFor(() => expect(currentPath(router)).toBe('/services/3/commands/0/about'));
    expect(screen.getByRole('tab', { name: 'Variables' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Examples' }).hasAttribute('disabled')).toBe(true);
    const form = screen.getByTestId('command-about');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The command name field is required')).toBeDefined();
    expect(savesIn(fetchStub)).toHaveLength(0);
    expect(
      within(form)
        .getByLabelText(/Command name/)
        .getAttribute('dir'),
    ).toBe('auto');
    expect(
      within(form)
        .getByLabelText(/Description/)
        .getAttribute('dir'),
    ).toBe('auto');
  });

  it('creates a command in Arabic by default and goes to the path with its new id', async () => {
    setToken('t');
    const fetchStub = stubServer(
      authoringServer([pizza], [commandRecord(9, 'Opening hours')], (method, path) =>
        method === 'POST' && path === '/command/save/3/0'
          ? { json: { status: 1, id: 9, msg: 'Successfully saved' } }
          : { status: 404, json: {} },
      ),
    );
    const { router } = renderApp('/services/3/commands/0/about');
    const form = await screen.findByTestId('command-about');
    fireEvent.change(within(form).getByLabelText(/Command name/), { target: { value: 'Opening hours' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/services/3/commands/9/about'));
    expect(JSON.parse(String(savesIn(fetchStub)[0]?.[1]?.body))).toEqual({
      command_name: 'Opening hours',
      command_description: '',
      command_lang: 'ar',
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Opening hours'), {
      timeout: 5000,
    });
    expect(screen.getByRole('tab', { name: 'Variables' }).hasAttribute('disabled')).toBe(false);
  });

  it('fills the about tab of an existing command and names the service and command in the breadcrumbs', async () => {
    setToken('t');
    stubServer(authoringServer([pizza], [greeting]));
    renderApp('/services/3/commands/7/about');
    const form = await screen.findByTestId('command-about');
    await waitFor(() =>
      expect((within(form).getByLabelText(/Command name/) as HTMLInputElement).value).toBe('Greeting'),
    );
    expect((within(form).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Say hello');
    const crumbs = screen.getByTestId('breadcrumbs');
    await waitFor(() => expect(crumbs.textContent).toBe('Services/Pizza/Commands/Greeting/About'));
  });
});

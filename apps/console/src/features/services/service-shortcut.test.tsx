import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { authoringServer, commandRecord, serviceRecord } from '../../test/fake-authoring-server.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

async function choose(shortcut: HTMLElement, placeholder: string, option: string) {
  fireEvent.click(within(shortcut).getByPlaceholderText(placeholder));
  fireEvent.click(await within(shortcut).findByRole('option', { name: option }));
}

describe('top-bar shortcut', () => {
  it('goes to the services, a service commands or a command, depending on what is chosen', async () => {
    setToken('t');
    stubServer(authoringServer([serviceRecord(3, 'Pizza')], [commandRecord(7, 'Greeting')]));
    const { router } = renderApp('/services');
    const shortcut = await screen.findByTestId('service-shortcut');
    const go = within(shortcut).getByRole('button', { name: 'Go' });
    await router.navigate('/dashboard');
    fireEvent.click(go);
    await waitFor(() => expect(currentPath(router)).toBe('/services'));
    await choose(shortcut, 'Service', 'Pizza');
    fireEvent.click(go);
    await waitFor(() => expect(currentPath(router)).toBe('/services/3/commands'));
    await choose(shortcut, 'Command', 'Greeting');
    fireEvent.click(go);
    await waitFor(() => expect(currentPath(router)).toBe('/services/3/commands/7/about'));
  });
});

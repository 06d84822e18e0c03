import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { HISTORY_KEY } from '../debugger/message-history.ts';

afterEach(() => vi.unstubAllGlobals());

const noSteps = { command_with_examples: null, has_response: false };

function serveStats(stats: object) {
  setToken('t');
  stubServer((_method, path) => {
    if (path === '/user/stats') return { json: { status: 1, ...stats } };
    if (path === '/user/me')
      return { json: { status: 1, data: { user_id: 4, username: 'rania', avatar: null } } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
}

const linkTargets = (step: HTMLElement) =>
  within(step)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('dashboard', () => {
  it('shows the three counts from /user/stats with their usage against the plan limit', async () => {
    serveStats({ senders: 240, services: 30, commands: 12, first_steps: noSteps });
    renderApp('/dashboard');
    const senders = await screen.findByTestId('stat-senders');
    expect(await within(senders).findByText('240')).toBeDefined();
    expect(within(senders).getByText('240 of 1,000')).toBeDefined();
    expect(within(screen.getByTestId('stat-services')).getByText('60% of the plan limit')).toBeDefined();
    expect(within(screen.getByTestId('stat-commands')).getByText('12')).toBeDefined();
  });

  it('offers a new owner the three first steps, each linking to its screen', async () => {
    serveStats({ senders: 0, services: 0, commands: 0, first_steps: noSteps });
    renderApp('/dashboard');
    const guide = await screen.findByRole('region', { name: 'Your first steps' }, { timeout: 10_000 });
    expect(within(guide).getByText('Three steps to a bot that answers: 0 of 3 done')).toBeDefined();
    const examples = within(guide).getByTestId('first-step-examples');
    expect(within(examples).getByText('Create a service and a command with examples')).toBeDefined();
    expect(linkTargets(examples)).toEqual(['/scenario']);
    expect(linkTargets(within(guide).getByTestId('first-step-response'))).toEqual(['/scenario']);
    expect(linkTargets(within(guide).getByTestId('first-step-try'))).toEqual(['/debugger', '/chatbot']);
    expect(within(guide).queryByText('Done')).toBeNull();
    expect(screen.getByTestId('stat-senders')).toBeDefined();
  });

  it('checks the steps the owner has done and leads to the response of the command with examples', async () => {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(['i want a pizza']));
    serveStats({
      senders: 0,
      services: 1,
      commands: 2,
      first_steps: { command_with_examples: { service_id: 2, command_id: 5 }, has_response: false },
    });
    renderApp('/dashboard', 'ar');
    const guide = await screen.findByRole('region', { name: 'خطواتك الأولى' }, { timeout: 10_000 });
    expect(within(guide).getByText('ثلاث خطوات إلى روبوت يجيب: أنجزت 2 من 3')).toBeDefined();
    expect(within(guide).getByTestId('first-step-examples').dataset.done).toBe('true');
    const response = within(guide).getByTestId('first-step-response');
    expect(response.dataset.done).toBeUndefined();
    expect(within(response).getByRole('link', { name: 'اكتب الرد' }).getAttribute('href')).toBe(
      '/scenario?service=2&command=5',
    );
    expect(within(within(guide).getByTestId('first-step-try')).getByText('تم')).toBeDefined();
  });

  it('shows the dashboard as before once every step is done', async () => {
    serveStats({
      senders: 1,
      services: 1,
      commands: 1,
      first_steps: { command_with_examples: { service_id: 2, command_id: 5 }, has_response: true },
    });
    renderApp('/dashboard');
    expect(await within(await screen.findByTestId('stat-senders')).findByText('1')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });

  it('hides the first steps for good when the owner dismisses them', async () => {
    serveStats({ senders: 0, services: 0, commands: 0, first_steps: noSteps });
    const first = renderApp('/dashboard');
    const guide = await screen.findByTestId('first-steps', {}, { timeout: 10_000 });
    fireEvent.click(within(guide).getByRole('button', { name: 'Hide the first steps' }));
    await waitFor(() => expect(screen.queryByTestId('first-steps')).toBeNull());
    first.unmount();
    renderApp('/dashboard');
    expect(await within(await screen.findByTestId('stat-senders')).findByText('0')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });
});

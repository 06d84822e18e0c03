import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/** An owner account as a test makes it; the password is also the confirmation. */
export interface Owner {
  username: string;
  fullname: string;
  email: string;
  password: string;
}

/** A successful answer of the API: `status: 1` and whatever else the call returns. */
export type ApiAnswer = Record<string, unknown> & { status: number };

/** Calls `/api{path}` with JSON; anything but an ok answer with status 1 throws with the server's reply. */
export async function callApi(
  server: RunningServer,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const answer = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await answer.json()) as ApiAnswer;
  if (!answer.ok || json.status !== 1)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Waits until the owner's models reflect every saved example (check-if-free's `model`): a save answers before
 * its model update, as the console's "Updating the model…" shows, so a test that seeds examples over the API
 * waits here before it chats.
 */
export async function waitForModel(server: RunningServer, token: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${server.url}/api/command_example/check-if-free`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const json = (await answer.json()) as { model?: string };
    if (json.model === 'up_to_date') return;
    if (Date.now() > deadline) throw new Error(`the model is still ${json.model} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The HTTP status of a call, for checking that something is gone or refused. */
export async function statusOf(server: RunningServer, method: string, path: string, token: string) {
  const answer = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.status;
}

/** Registers the owner through the API (under SIGNUP=verify the account then waits for its link). */
export async function submitRegistration(server: RunningServer, owner: Owner): Promise<void> {
  await callApi(server, 'POST', '/passport/register', {
    body: {
      username: owner.username,
      user_fullname: owner.fullname,
      user_email: owner.email,
      user_password: owner.password,
      user_password_confirmation: owner.password,
    },
  });
}

/** Registers the owner through the API and answers a bearer token of a fresh login. */
export async function registerOwner(server: RunningServer, owner: Owner): Promise<string> {
  await submitRegistration(server, owner);
  const login = await callApi(server, 'POST', '/passport/login', {
    body: { email: owner.email, password: owner.password },
  });
  if (typeof login.access_token !== 'string') throw new Error('the login answered no access token');
  return login.access_token;
}

/** Signs the owner in through the console's login form and waits for the dashboard. */
export async function signInThroughConsole(page: Page, owner: Owner): Promise<void> {
  await page.goto('/#/user/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: /sign in|login/i }).click();
  await page.waitForURL(/#\/dashboard$/);
}

import type { TestServer } from './test-server.ts';

let counter = 0;

export interface TestAccount {
  username: string;
  user_fullname: string;
  user_email: string;
  user_password: string;
  user_password_confirmation: string;
}

/** Registration fields that are valid and unique within the test run. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user${tag}`,
    user_fullname: `Test User ${tag}`,
    user_email: `user${tag}@example.com`,
    user_password: 'secret-password',
    user_password_confirmation: 'secret-password',
    ...overrides,
  };
}

type Callable = Pick<TestServer, 'call'>;

/** Registers an active account over HTTP and signs it in; answers the account, token and user id. */
export async function registerAndLogin(server: Callable, overrides: Partial<TestAccount> = {}) {
  const account = newAccount(overrides);
  const registered = await server.call('POST', '/api/passport/register', { body: account });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`);
  const token = await loginAs(server, account.user_email, account.user_password);
  const me = await server.call('GET', '/api/user/me', { token });
  return { account, token, userId: me.json.data.user_id as number };
}

export async function loginAs(server: Callable, email: string, password: string): Promise<string> {
  const answer = await server.call('POST', '/api/passport/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.text}`);
  return answer.json.access_token as string;
}

export async function countRows(server: TestServer, table: 'users' | 'access_tokens'): Promise<number> {
  const row = await server.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

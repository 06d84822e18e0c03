import type { CallAnswer, createClient } from './http-client.ts';

export type Client = ReturnType<typeof createClient>;

/** The answer's JSON when it is a 200 with status 1; otherwise throws naming `what`. */
export async function expectOk(answer: Promise<CallAnswer>, what: string) {
  const result = await answer;
  if (result.status !== 200 || result.json?.status !== 1) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.json).slice(0, 500)}`);
  }
  return result.json;
}

/** Registers a new owner with a unique name through the API and answers its sign-in token. */
export async function registerBenchOwner(client: Client): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = {
    username: `bench${tag}`,
    user_fullname: 'Bench Owner',
    user_email: `bench${tag}@example.com`,
    user_password: 'bench-password',
    user_password_confirmation: 'bench-password',
  };
  await expectOk(client.call('POST', '/api/passport/register', account), 'register');
  const login = await client.call('POST', '/api/passport/login', {
    email: account.user_email,
    password: account.user_password,
  });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.json)}`);
  return login.json.access_token as string;
}

/** A new owner with one service: the owner's sign-in token and the service's id. */
export async function registerOwnerWithService(
  client: Client,
  serviceName: string,
): Promise<{ token: string; serviceId: number }> {
  const token = await registerBenchOwner(client);
  const service = await expectOk(
    client.call('POST', '/api/service/save', { service_name: serviceName }, token),
    'service save',
  );
  return { token, serviceId: service.id as number };
}

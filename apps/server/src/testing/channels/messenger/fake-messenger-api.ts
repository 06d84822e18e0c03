import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Body, checkProfileBody, checkSendBody, GraphRefusal } from './fake-messenger-checks.ts';
import type { MessagingEvent } from './messenger-events.ts';

export * from './messenger-events.ts';

/**
 * A fake of Meta's Graph API and Facebook Login dialog, on 127.0.0.1 (node:http, a free port), for Messenger and
 * sign-in with Facebook: `GET /dialog/oauth`, `GET /oauth/access_token`, `GET /me?fields=id,name,email`,
 * `GET /me/accounts`, `POST /{page}/subscribed_apps`, `POST|DELETE /me/messenger_profile`, `POST /me/messages`
 * (`access_token` in the query). It refuses what Graph refuses (unknown tokens with code 190, a wrong
 * `appsecret_proof`, a recipient who never wrote to the page, Send API and profile limits —
 * testing/channels/messenger/fake-messenger-checks.ts), records every call, and can fail the next call of a path.
 *
 *   const fake = await startFakeMessenger({ appId: 'app-id', appSecret: 'app-secret' });
 *   const page = fake.addPage({ id: '1001', name: 'Pizza' });
 *   fake.signInAs(fake.addUser([page.id]));      // who the login dialog signs in
 *   fake.signInAs(fake.addUser([], { name: 'Layla Hassan', email: 'layla@example.com' }));  // a profile for /me
 *   await fake.deliver(webhookUrl, webhookBody(page.id, [textEvent(page.id, 'psid-1', 'm_1', 'hi')]));
 */

/** A person as `/me` answers them; without an email, as Facebook answers for one with no confirmed address. */
export interface FakeProfile {
  id: string;
  name: string;
  email?: string;
}

export interface FakePage {
  id: string;
  name: string;
  token: string;
  subscribedFields: string[] | null;
  profile: Body;
}

export interface RecordedGraphCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Body;
  status: number;
  answer: Body;
}

export async function startFakeMessenger(app: { appId: string; appSecret: string }) {
  const pages = new Map<string, FakePage>();
  const users = new Map<string, string[]>();
  const profiles = new Map<string, FakeProfile>();
  /** per page: the PSIDs who wrote to it (the Send API reaches only them) */
  const senders = new Map<string, Set<string>>();
  const codes = new Map<string, { userToken: string; redirectUri: string }>();
  const failures = new Map<string, number[]>();
  const calls: RecordedGraphCall[] = [];
  let signedIn: string | null = null;
  let nextMessage = 1;

  const pageByToken = (token: string) => [...pages.values()].find((page) => page.token === token);
  const badToken = () => new GraphRefusal('Invalid OAuth access token - Cannot parse access token', 190);

  function run(method: string, path: string, query: Record<string, string>, body: Body): Body {
    const token = query.access_token ?? '';
    if (method === 'GET' && path === '/oauth/access_token') {
      if (query.client_id !== app.appId)
        throw new GraphRefusal('Error validating application. Invalid application ID.', 101);
      if (query.client_secret !== app.appSecret) throw new GraphRefusal('Error validating client secret.', 1);
      const issued = codes.get(query.code ?? '');
      if (!issued) throw new GraphRefusal('This authorization code has been used.', 100);
      if (issued.redirectUri !== query.redirect_uri)
        throw new GraphRefusal(
          'Error validating verification code. Please make sure your redirect_uri is identical.',
          100,
        );
      codes.delete(query.code ?? '');
      return { access_token: issued.userToken, token_type: 'bearer', expires_in: 5_183_944 };
    }
    if (method === 'GET' && path === '/me') {
      const profile = profiles.get(token);
      if (!profile) throw badToken();
      const proof = createHmac('sha256', app.appSecret).update(token).digest('hex');
      if (query.appsecret_proof !== undefined && query.appsecret_proof !== proof)
        throw new GraphRefusal('Invalid appsecret_proof provided in the API argument', 100);
      const fields = (query.fields ?? 'id,name').split(',');
      return Object.fromEntries(
        Object.entries(profile).filter(([field, value]) => fields.includes(field) && value !== undefined),
      );
    }
    if (method === 'GET' && path === '/me/accounts') {
      const pageIds = users.get(token);
      if (!pageIds) throw badToken();
      const data = pageIds.flatMap((id) => {
        const page = pages.get(id);
        return page
          ? [
              {
                id: page.id,
                name: page.name,
                access_token: page.token,
                category: 'Restaurant',
                tasks: ['MESSAGING', 'MANAGE'],
              },
            ]
          : [];
      });
      return { data, paging: { cursors: { before: 'QVFI', after: 'QVFJ' } } };
    }
    const subscribe = /^\/([^/]+)\/subscribed_apps$/.exec(path);
    if (method === 'POST' && subscribe) {
      const page = pages.get(decodeURIComponent(subscribe[1] ?? ''));
      if (!page || page.token !== token) throw badToken();
      const fields = (query.subscribed_fields ?? String(body.subscribed_fields ?? ''))
        .split(',')
        .filter(Boolean);
      const allowed = new Set([
        'messages',
        'messaging_postbacks',
        'message_deliveries',
        'message_reads',
        'message_echoes',
      ]);
      if (fields.length === 0 || fields.some((field) => !allowed.has(field)))
        throw new GraphRefusal('(#100) Param subscribed_fields must be one of the allowed fields');
      page.subscribedFields = fields;
      return { success: true };
    }
    if (path === '/me/messenger_profile' && (method === 'POST' || method === 'DELETE')) {
      const page = pageByToken(token);
      if (!page) throw badToken();
      if (method === 'DELETE') {
        const fields = body.fields;
        if (!Array.isArray(fields) || fields.length === 0)
          throw new GraphRefusal('(#100) param fields is required');
        for (const field of fields) delete page.profile[String(field)];
        return { result: 'success' };
      }
      checkProfileBody(body, page.profile.get_started !== undefined);
      Object.assign(page.profile, body);
      return { result: 'success' };
    }
    if (method === 'POST' && path === '/me/messages') {
      const page = pageByToken(token);
      if (!page) throw badToken();
      const recipient = checkSendBody(body, senders.get(page.id) ?? new Set());
      return { recipient_id: recipient, message_id: `m_fake_${nextMessage++}` };
    }
    throw new GraphRefusal(`Unknown path components: ${path}`, 2500);
  }

  function dialog(query: Record<string, string>, response: ServerResponse): void {
    const redirect = query.redirect_uri ?? '';
    if (query.client_id !== app.appId || !/^https?:\/\//.test(redirect) || !signedIn) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('Invalid App ID or redirect_uri, or nobody signed in');
      return;
    }
    const code = randomBytes(12).toString('hex');
    codes.set(code, { userToken: signedIn, redirectUri: redirect });
    const target = new URL(redirect);
    target.searchParams.set('code', code);
    if (query.state) target.searchParams.set('state', query.state);
    response.writeHead(302, { location: target.href });
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(address.searchParams);
    const method = request.method ?? 'GET';
    if (method === 'GET' && address.pathname === '/dialog/oauth') {
      dialog(query, response);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let status = 200;
    let answer: Body;
    let body: Body = {};
    try {
      body = raw.trim() === '' ? {} : (JSON.parse(raw) as Body);
      const failure = failures.get(address.pathname)?.shift();
      if (failure === 429)
        throw new GraphRefusal('(#613) Calls to this api have exceeded the rate limit.', 613, 429);
      if (failure)
        throw new GraphRefusal(
          'An unexpected error has occurred. Please retry your request later.',
          2,
          failure,
        );
      answer = run(method, address.pathname, query, body);
    } catch (error) {
      const refusal = error instanceof GraphRefusal ? error : new GraphRefusal(String(error), 1, 500);
      status = refusal.status;
      answer = {
        error: {
          message: refusal.message,
          type: 'OAuthException',
          code: refusal.code,
          fbtrace_id: 'AfakeTrace',
        },
      };
    }
    calls.push({ method, path: address.pathname, query, body, status, answer });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error), code: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The body signed as Meta signs it: `sha256=` + hex HMAC-SHA256 of the raw bytes with the app secret. */
  const signatureOf = (raw: string) =>
    `sha256=${createHmac('sha256', app.appSecret).update(raw).digest('hex')}`;

  return {
    /** both the Graph base and the dialog base */
    url: `http://127.0.0.1:${port}`,
    calls,
    addPage(page: { id: string; name: string }): FakePage {
      const added = {
        ...page,
        token: `page-token-${page.id}-${randomBytes(4).toString('hex')}`,
        subscribedFields: null,
        profile: {},
      };
      pages.set(page.id, added);
      return added;
    },
    page(id: string): FakePage | undefined {
      return pages.get(id);
    },
    /** a Facebook user who manages these pages, with this profile; answers their user access token */
    addUser(pageIds: string[], profile: Partial<FakeProfile> = {}): string {
      const token = `user-token-${randomBytes(6).toString('hex')}`;
      users.set(token, pageIds);
      const id = profile.id ?? String(10_000_000_000 + randomBytes(4).readUInt32BE());
      profiles.set(token, { name: 'Fake Person', ...profile, id });
      return token;
    },
    /** who the login dialog signs in (and grants) */
    signInAs(userToken: string | null): void {
      signedIn = userToken;
    },
    /** the Send API calls that succeeded for this PSID, in order */
    sentTo(psid: string): Body[] {
      return calls
        .filter(
          (call) =>
            call.path === '/me/messages' && call.status === 200 && (call.body.recipient as Body)?.id === psid,
        )
        .map((call) => call.body);
    },
    /** the next call of the path (`/me/messages`) answers 429 (Graph's rate limit, code 613) or a 5xx */
    failNext(path: string, status: 429 | 500 | 503): void {
      failures.set(path, [...(failures.get(path) ?? []), status]);
    },
    /**
     * Posts a webhook body as Meta does: JSON, signed in X-Hub-Signature-256 (or with `signature` as given; null
     * leaves the header out). The senders of its events may be messaged by the page from then on.
     */
    async deliver(
      webhookUrl: string,
      body: { entry: { messaging: MessagingEvent[] }[] },
      signature?: string | null,
    ) {
      const raw = JSON.stringify(body);
      for (const entry of body.entry) {
        for (const event of entry.messaging) {
          const known = senders.get(event.recipient.id) ?? new Set<string>();
          known.add(event.sender.id);
          senders.set(event.recipient.id, known);
        }
      }
      const header = signature === undefined ? signatureOf(raw) : signature;
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(header !== null && { 'x-hub-signature-256': header }),
        },
        body: raw,
      });
      return { status: answer.status, body: await answer.text() };
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type FakeMessenger = Awaited<ReturnType<typeof startFakeMessenger>>;

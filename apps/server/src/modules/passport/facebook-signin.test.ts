import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config.ts';
import { signState } from '../../platform/facebook/facebook-login.ts';
import { newAccount, registerAndLogin } from '../../testing/accounts.ts';
import {
  type FakeMessenger,
  startFakeMessenger,
} from '../../testing/channels/messenger/fake-messenger-api.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { modules } from '../index.ts';
import { createAccount } from '../users/create-account.ts';
import { createPendingSocialSignin } from '../users/social-signin-repository.ts';
import { createPassportModule } from './passport-module.ts';

const app = { appId: 'hiwar-app-id', appSecret: 'hiwar-app-secret' };

/** The Graph API's retries without their waits. */
const quickPassport = createPassportModule({ facebookSignin: { graphCallOptions: { backoffMs: 1 } } });
const withQuickPassport = modules.map((module) => (module.name === 'passport' ? quickPassport : module));

/** A browser's trip: the redirect each step answers, and the cookies the server set on the way. */
async function step(url: string, cookie = '') {
  const answer = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const setCookies = answer.headers.getSetCookie();
  return {
    status: answer.status,
    location: answer.headers.get('location') ?? '',
    setCookie: setCookies.join('\n'),
    /** `name=value` of the cookie set with this name */
    cookie: (name: string) => setCookies.find((each) => each.startsWith(`${name}=`))?.split(';')[0] ?? '',
    text: await answer.text(),
  };
}

describe.each(await testDatabaseKinds())('sign-in with Facebook on $label', (kind) => {
  let fake: FakeMessenger;
  const servers: TestServer[] = [];
  let server: TestServer;

  async function serverWith(overrides: Partial<Config>) {
    const started = await startTestServer(
      kind,
      {
        fbAppId: app.appId,
        fbAppSecret: app.appSecret,
        facebookGraphUrl: fake.url,
        facebookDialogUrl: fake.url,
        ...overrides,
      },
      withQuickPassport,
    );
    servers.push(started);
    return started;
  }

  beforeAll(async () => {
    fake = await startFakeMessenger(app);
    server = await serverWith({});
  });
  afterAll(async () => {
    for (const started of servers) await started.close();
    await fake?.close();
  });

  /** Starts the sign-in in a fresh browser: answers the dialog's address and the browser's cookie. */
  async function startSignin(on: TestServer, query = '') {
    const start = await step(`${on.url}/api/passport/facebook${query}`);
    expect(start.status).toBe(302);
    return { dialog: start.location, cookie: start.cookie('hiwar_facebook_signin') };
  }

  /** The cookie binding each landing's token to the browser that came back with it. */
  const browserOf = new Map<string, string>();

  /** The whole trip as `person`: answers where the callback sends the browser, inside the console. */
  async function signInAs(person: string | null, on = server, query = '') {
    fake.signInAs(person);
    const { dialog, cookie } = await startSignin(on, query);
    const back = await step(dialog);
    expect(back.status).toBe(302);
    const landing = await step(back.location, cookie);
    expect(landing.status).toBe(302);
    expect(landing.location.startsWith(`${on.url}/#/`)).toBe(true);
    const hash = landing.location.slice(on.url.length + 1);
    browserOf.set(hash, landing.cookie('hiwar_social_browser'));
    return hash;
  }

  const tokenIn = (hash: string, page: string) => {
    const match = new RegExp(`^#/user/${page}/([A-Za-z0-9_-]+)`).exec(hash);
    if (!match?.[1]) throw new Error(`not the ${page} page: ${hash}`);
    return match[1];
  };

  async function registerThrough(
    on: TestServer,
    hash: string,
    fields: Partial<ReturnType<typeof newAccount>>,
    cookie = browserOf.get(hash) ?? '',
  ) {
    return on.call('POST', '/api/user/social_register', {
      body: { ...newAccount(fields), user_token: tokenIn(hash, 'social_register') },
      headers: { cookie },
    });
  }

  async function ticketLogin(on: TestServer, hash: string, cookie = browserOf.get(hash) ?? '') {
    return on.call('POST', '/api/passport/social_login', {
      body: { token: tokenIn(hash, 'social_signin') },
      headers: { cookie },
    });
  }

  it('tells the console that Facebook is offered, and sends the browser to the dialog bound to it', async () => {
    const signup = await server.call('GET', '/api/passport/signup');
    expect(signup.json).toEqual({ status: 1, data: { signup: 'open', facebook: true } });

    const start = await step(`${server.url}/api/passport/facebook`);
    const dialog = new URL(start.location);
    expect(`${dialog.origin}${dialog.pathname}`).toBe(`${fake.url}/dialog/oauth`);
    expect(Object.fromEntries(dialog.searchParams)).toMatchObject({
      client_id: app.appId,
      redirect_uri: `${server.url}/api/passport/facebook/callback`,
      scope: 'email',
      response_type: 'code',
      state: expect.any(String),
    });
    expect(start.setCookie).toMatch(
      /^hiwar_facebook_signin=[\w-]{32}; Path=\/api\/passport\/facebook; Max-Age=900; HttpOnly; SameSite=Lax$/,
    );
    // the cookie's value is not in the state: a state seen elsewhere does not give the browser's half away
    expect(start.location).not.toContain(start.setCookie.split(';')[0]?.split('=')[1]);
  });

  it('brings a new person to the social register page with their name and email, once', async () => {
    const person = fake.addUser([], { name: 'Layla Hassan', email: 'layla@example.com' });
    const hash = await signInAs(person);
    const token = tokenIn(hash, 'social_register');
    const exchange = fake.calls.find((call) => call.path === '/oauth/access_token');
    expect(exchange?.query).toMatchObject({
      client_id: app.appId,
      client_secret: app.appSecret,
      redirect_uri: `${server.url}/api/passport/facebook/callback`,
    });
    const me = fake.calls.filter((call) => call.path === '/me').at(-1);
    expect(me?.query.fields).toBe('id,name,email');
    expect(me?.status).toBe(200);

    const browser = browserOf.get(hash) ?? '';
    expect(browser).toMatch(/^hiwar_social_browser=[\w-]{32}$/);
    const pending = await server.call('GET', `/api/user/social_register/${token}`, {
      headers: { cookie: browser },
    });
    expect(pending.json).toEqual({
      status: 1,
      data: { provider: 'facebook', name: 'Layla Hassan', email: 'layla@example.com' },
    });

    // the link opened in another browser (someone sent it) finds nothing, and leaves it for its own browser
    const fields = {
      username: 'layla_hassan',
      user_fullname: 'Layla Hassan',
      user_email: 'layla@example.com',
    };
    for (const elsewhere of ['', 'hiwar_social_browser=another-browsers-value']) {
      const page = await server.call('GET', `/api/user/social_register/${token}`, {
        headers: { cookie: elsewhere },
      });
      expect(page.status).toBe(404);
      expect((await registerThrough(server, hash, fields, elsewhere)).status).toBe(404);
    }
    const registered = await registerThrough(server, hash, fields);
    expect(registered.status).toBe(200);
    const profile = await server.call('GET', '/api/user/me', { token: registered.json.access_token });
    expect(profile.json.data).toMatchObject({
      username: 'layla_hassan',
      user_email: 'layla@example.com',
      user_reg_driver: 'facebook',
    });

    // the token was used: neither the page nor the form takes it again
    const usedPage = await server.call('GET', `/api/user/social_register/${token}`, {
      headers: { cookie: browser },
    });
    expect(usedPage.status).toBe(404);
    const again = await registerThrough(server, hash, { user_email: 'layla@example.com' });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ status: 0, msg: messages.errorAccessToken });

    // the same person next time: signed in by the Facebook id they linked, through a single-use ticket
    const next = await signInAs(person, server, '?redirect=%2Fservices%3Fpage%3D2');
    expect(next).toMatch(/^#\/user\/social_signin\/[\w-]+\?redirect=%2Fservices%3Fpage%3D2$/);
    expect((await ticketLogin(server, next, browser)).status).toBe(404);
    const signedIn = await ticketLogin(server, next);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({
      status: 1,
      token_type: 'Bearer',
      access_token: expect.any(String),
    });
    const same = await server.call('GET', '/api/user/me', { token: signedIn.json.access_token });
    expect(same.json.data.username).toBe('layla_hassan');
    const reused = await ticketLogin(server, next);
    expect(reused.status).toBe(404);
    expect(reused.json).toEqual({ status: 0, msg: messages.errorAccessToken });
  });

  /** An account whose email was proven by its activation link. */
  async function activatedAccount() {
    const account = newAccount();
    await server.call('POST', '/api/user/register/', { body: account });
    const mail = server.mail.find((message) => message.to === account.user_email);
    const link = /#\/user\/activate_account\/(\d+)\/([\w-]+)/.exec(mail?.text ?? '');
    const activated = await server.call('GET', `/api/user/activate/${link?.[1]}/${link?.[2]}`);
    expect(activated.status).toBe(200);
    return account;
  }

  it('signs in an existing account whose email was proven, and keeps it linked after the email changes', async () => {
    const account = await activatedAccount();
    const person = fake.addUser([], { name: 'Owner Person', email: account.user_email.toUpperCase() });

    const signedIn = await ticketLogin(server, await signInAs(person));
    expect(signedIn.status).toBe(200);
    const me = await server.call('GET', '/api/user/me', { token: signedIn.json.access_token });
    expect(me.json.data).toMatchObject({ username: account.username, user_reg_driver: 'web' });

    const moved = await server.call('POST', '/api/user/update_settings', {
      token: signedIn.json.access_token,
      body: {
        mode: 2,
        username: account.username,
        user_fullname: account.user_fullname,
        user_email: 'moved@example.com',
      },
    });
    expect(moved.status).toBe(200);
    const again = await ticketLogin(server, await signInAs(person));
    const still = await server.call('GET', '/api/user/me', { token: again.json.access_token });
    expect(still.json.data).toMatchObject({ username: account.username, user_email: 'moved@example.com' });
    // the new address came without a link (SIGNUP=open): whoever has it on Facebook is not let in by it
    const other = fake.addUser([], { name: 'Moved Person', email: 'moved@example.com' });
    expect(await signInAs(other)).toBe('#/user/login?social_error=email_in_use');
  });

  it('does not sign in an account whose email nobody proved, nor start a second one with it', async () => {
    const { account, userId } = await registerAndLogin(server);
    const person = fake.addUser([], { name: 'Claimant', email: account.user_email });
    expect(await signInAs(person)).toBe('#/user/login?social_error=email_in_use');
    const linked = await server.database.db
      .selectFrom('social_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(linked).toEqual([]);

    // a proven address changed in the settings without a link (SIGNUP=open) is proven no more
    const proven = await activatedAccount();
    const token = await server.call('POST', '/api/passport/login', {
      body: { email: proven.user_email, password: proven.user_password },
    });
    await server.call('POST', '/api/user/update_settings', {
      token: token.json.access_token,
      body: {
        mode: 2,
        username: proven.username,
        user_fullname: proven.user_fullname,
        user_email: `changed-${proven.user_email}`,
      },
    });
    const newOwner = fake.addUser([], { name: 'New Owner', email: `changed-${proven.user_email}` });
    expect(await signInAs(newOwner)).toBe('#/user/login?social_error=email_in_use');
  });

  it('refuses a callback whose state is missing, altered, old or from another browser, before asking Facebook', async () => {
    const person = fake.addUser([], { name: 'State Person', email: 'state@example.com' });
    fake.signInAs(person);
    const exchangesBefore = fake.calls.filter((call) => call.path === '/oauth/access_token').length;
    const mine = await startSignin(server);
    const theirs = await startSignin(server);
    const callbackOf = async (dialog: string) => new URL((await step(dialog)).location);

    const fromTheirs = await callbackOf(theirs.dialog);
    const crossed = await step(fromTheirs.href, mine.cookie);
    const withoutCookie = await step((await callbackOf(mine.dialog)).href);
    const altered = await callbackOf(mine.dialog);
    altered.searchParams.set('state', `${altered.searchParams.get('state')}x`);
    const alteredAnswer = await step(altered.href, mine.cookie);
    const old = await callbackOf(mine.dialog);
    const nonce = mine.cookie.split('=')[1] ?? '';
    old.searchParams.set(
      'state',
      signState(server.config.secretKey, 'fb-signin', { nonce, redirect: '/', expiresAt: Date.now() - 1 }),
    );
    const oldAnswer = await step(old.href, mine.cookie);
    const none = await step(`${server.url}/api/passport/facebook/callback?code=abc`, mine.cookie);

    for (const answer of [crossed, withoutCookie, alteredAnswer, oldAnswer, none]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`${server.url}/#/user/login?social_error=expired`);
      expect(answer.setCookie).toBe(
        'hiwar_facebook_signin=; Path=/api/passport/facebook; Max-Age=0; HttpOnly; SameSite=Lax',
      );
    }
    expect(fake.calls.filter((call) => call.path === '/oauth/access_token').length).toBe(exchangesBefore);

    // the state of this browser is still good once (its own code)
    const own = await step((await callbackOf(mine.dialog)).href, mine.cookie);
    expect(own.location).toMatch(/#\/user\/social_register\//);
    expect(own.cookie('hiwar_social_browser')).toBe(`hiwar_social_browser=${mine.cookie.split('=')[1]}`);
    expect(own.setCookie).toContain('hiwar_social_browser=');
    expect(own.setCookie).toMatch(
      /hiwar_social_browser=[\w-]+; Path=\/api; Max-Age=3600; HttpOnly; SameSite=Lax/,
    );
  });

  it('says so when the person cancels, Facebook fails, or Facebook has no email for them', async () => {
    const own = await startSignin(server);
    const ownState = new URL(own.dialog).searchParams.get('state') ?? '';
    const denied = await step(
      `${server.url}/api/passport/facebook/callback?error=access_denied&state=${encodeURIComponent(ownState)}`,
      own.cookie,
    );
    expect(denied.location).toBe(`${server.url}/#/user/login?social_error=cancelled`);

    const person = fake.addUser([], { name: 'Unlucky Person', email: 'unlucky@example.com' });
    fake.failNext('/oauth/access_token', 500);
    fake.failNext('/oauth/access_token', 500);
    expect(await signInAs(person)).toBe('#/user/login?social_error=facebook');

    const phoneOnly = fake.addUser([], { name: 'Phone Only' });
    expect(await signInAs(phoneOnly)).toBe('#/user/login?social_error=no_email');
  });

  it('refuses an unknown or expired pending sign-in on the register page and its form', async () => {
    const expired = await createPendingSocialSignin(
      server.database.db,
      { provider: 'facebook', subject: '555', email: 'late@example.com', name: 'Late Person' },
      { ttlMs: -1000 },
    );
    for (const token of [expired, 'no-such-token']) {
      const page = await server.call('GET', `/api/user/social_register/${token}`);
      expect(page.status).toBe(404);
      expect(page.json).toEqual({ status: 0, msg: messages.errorAccessToken });
      const form = await server.call('POST', '/api/user/social_register', {
        body: { ...newAccount({ user_email: 'late@example.com' }), user_token: token },
      });
      expect(form.status).toBe(404);
    }
  });

  it('under SIGNUP=closed makes no account but still signs in an account that has one', async () => {
    const closed = await serverWith({ signup: 'closed' });
    const newcomer = fake.addUser([], { name: 'New Comer', email: 'newcomer@example.com' });
    expect(await signInAs(newcomer, closed)).toBe('#/user/login?social_error=closed');
    const pendingRows = await closed.database.db.selectFrom('social_signins').selectAll().execute();
    expect(pendingRows).toEqual([]);
    // a pending sign-in from before the setting changed cannot be completed either
    const earlier = await createPendingSocialSignin(closed.database.db, {
      provider: 'facebook',
      subject: '777',
      email: 'earlier@example.com',
      name: 'Earlier Person',
    });
    const refused = await closed.call('POST', '/api/user/social_register', {
      body: { ...newAccount({ user_email: 'earlier@example.com' }), user_token: earlier },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ status: 0, msg: messages.signupClosed });

    const fields = newAccount();
    await createAccount(
      closed.database.db,
      { ...fields, passwordHash: 'not-used' },
      { regDriver: 'web', status: 1, isEmailVerified: true },
    );
    const member = fake.addUser([], { name: 'Member Person', email: fields.user_email });
    const signedIn = await ticketLogin(closed, await signInAs(member, closed));
    expect(signedIn.status).toBe(200);
  });

  it('under SIGNUP=verify makes the account active at once: Facebook proved the email', async () => {
    const verify = await serverWith({ signup: 'verify' });
    const person = fake.addUser([], { name: 'Verified Person', email: 'verified@example.com' });
    const hash = await signInAs(person, verify);
    const registered = await registerThrough(verify, hash, { user_email: 'verified@example.com' });
    expect(registered.status).toBe(200);
    expect(verify.mail).toEqual([]);
    const me = await verify.call('GET', '/api/user/me', { token: registered.json.access_token });
    expect(me.status).toBe(200);
  });

  it('hides Facebook and answers 404 on its routes when the operator set no app', async () => {
    const plain = await serverWith({ fbAppId: '', fbAppSecret: '' });
    const signup = await plain.call('GET', '/api/passport/signup');
    expect(signup.json.data.facebook).toBe(false);
    for (const path of ['/api/passport/facebook', '/api/passport/facebook/callback?code=abc&state=x']) {
      const answer = await step(`${plain.url}${path}`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ status: 0, msg: messages.notFound });
    }
    const onlyId = await serverWith({ fbAppSecret: '' });
    expect((await step(`${onlyId.url}/api/passport/facebook`)).status).toBe(404);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMessenger } from '../../apps/server/src/testing/channels/messenger/fake-messenger-api.ts';
import { callApi, registerOwner, submitRegistration } from '../support/api.ts';
import { launchBrowser, snapPage } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { startSmtpSink, unfolded } from '../support/smtp-sink.ts';

/**
 * What an owner sees of the operator's choices: SIGNUP=verify and closed, a secret key replaced, and sign-in
 * with Facebook when the operator set an app.
 */
describe('the operator’s settings, seen in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function pageOn(server: RunningServer, language: 'en' | 'ar', token?: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    if (language === 'ar') await context.addCookies([{ name: '_al', value: 'ar', url: server.url }]);
    if (token) await context.addInitScript((saved) => localStorage.setItem('hiwar_token', saved), token);
    return context.newPage();
  }

  it('under SIGNUP=verify, a sign-up is told to check its email and can have the link sent again', async () => {
    const server = await startServer({ SIGNUP: 'verify' });
    try {
      for (const language of ['en', 'ar'] as const) {
        const page = await pageOn(server, language);
        await page.goto('/#/user/register');
        const fields = page.locator('input');
        const email = `new-${language}@example.com`;
        for (const [index, value] of [
          `owner_${language}`,
          'New Owner',
          email,
          'secret-pass-1',
          'secret-pass-1',
        ].entries()) {
          await fields.nth(index).fill(value);
        }
        await page.getByTestId('register-submit').click();
        const notice = page.getByTestId('register-verify');
        await notice.waitFor();
        expect(await notice.textContent()).toContain(email);
        await page.getByTestId('register-resend').click();
        await page.getByTestId('register-resend').and(page.locator('[disabled]')).waitFor();
        await snapPage(page, `signup-verify-${language}`);
        await page.context().close();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('under SIGNUP=verify, a new email in the settings waits for the link mailed to it', async () => {
    const smtp = await startSmtpSink();
    const server = await startServer({ SIGNUP: 'verify', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const linkIn = async (to: string, path: string) => {
      await expect
        .poll(() => smtp.mails.some((mail) => mail.to.includes(to)), { timeout: 10_000 })
        .toBe(true);
      const mail = smtp.mails.filter((each) => each.to.includes(to)).at(-1);
      const link = new RegExp(`#/user/${path}/\\d+/[A-Za-z0-9_-]+`).exec(mail ? unfolded(mail) : '');
      if (!link) throw new Error(`no ${path} link in the mail to ${to}`);
      return `/${link[0]}`;
    };
    try {
      const owner = {
        username: 'moving_owner',
        fullname: 'Moving Owner',
        email: 'old@example.com',
        password: 'secret-pass-1',
      };
      await submitRegistration(server, owner);
      const activation = (await linkIn(owner.email, 'activate_account')).split('/');
      await callApi(server, 'GET', `/user/activate/${activation.at(-2)}/${activation.at(-1)}`);
      const login = await callApi(server, 'POST', '/passport/login', {
        body: { email: owner.email, password: owner.password },
      });
      for (const language of ['en', 'ar'] as const) {
        const page = await pageOn(server, language, String(login.access_token));
        await page.goto('/#/settings');
        const card = page.getByTestId('settings-basic');
        const newEmail = `new-${language}@example.com`;
        await card.locator('input[type="email"]').first().fill(newEmail);
        await card.locator('button[type="submit"]').click();
        const pending = card.getByText(newEmail, { exact: false }).first();
        await pending.waitFor();
        expect(await card.textContent()).toContain(
          language === 'en' ? 'Waiting for confirmation' : 'بانتظار التأكيد',
        );
        await snapPage(page, `email-change-pending-${language}`);
        await page.goto(await linkIn(newEmail, 'confirm_email'));
        const result = page.getByTestId('activation-result');
        await result.waitFor();
        expect(await result.getAttribute('role')).toBe('status');
        await snapPage(page, `email-change-confirmed-${language}`);
        const me = await callApi(server, 'GET', '/user/me', { token: String(login.access_token) });
        expect((me.data as { user_email: string }).user_email).toBe(newEmail);
        await page.context().close();
      }
    } finally {
      await server.stop();
      await new Promise((resolve) => smtp.sink.close(() => resolve(undefined)));
    }
  }, 60_000);

  it('under SIGNUP=closed, the sign-in page offers no sign-up and the sign-up page says why', async () => {
    const server = await startServer({ SIGNUP: 'closed' });
    try {
      for (const language of ['en', 'ar'] as const) {
        const page = await pageOn(server, language);
        await page.goto('/#/user/login');
        await page.getByTestId('login-submit').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByTestId('register-link').count()).toBe(0);
        await page.goto('/#/user/register');
        await page.getByTestId('register-closed').waitFor();
        expect(await page.getByTestId('register-submit').count()).toBe(0);
        await snapPage(page, `signup-closed-${language}`);
        await page.context().close();
      }
    } finally {
      await server.stop();
    }
    // a server of its own and two languages: on a slow CI machine this took over a minute once
  }, 120_000);

  it('with the operator’s Facebook app, a new owner signs up through Facebook and comes back signed in', async () => {
    const app = { appId: 'e2e-app', appSecret: 'e2e-secret' };
    const fake = await startFakeMessenger(app);
    const server = await startServer({
      FB_APP_ID: app.appId,
      FB_APP_SECRET: app.appSecret,
      FACEBOOK_GRAPH_URL: fake.url,
      FACEBOOK_DIALOG_URL: fake.url,
    });
    try {
      for (const language of ['en', 'ar'] as const) {
        const email = `layla-${language}@example.com`;
        fake.signInAs(fake.addUser([], { name: 'Layla Hassan', email }));
        const page = await pageOn(server, language);
        await page.goto('/#/user/register');
        await page.getByTestId('facebook-signin').waitFor();
        await snapPage(page, `facebook-register-${language}`);
        await page.goto('/#/user/login');
        const facebook = page.getByTestId('facebook-signin');
        await facebook.waitFor();
        await snapPage(page, `facebook-login-${language}`);

        // the fake dialog signs the person in at once and sends the browser back through the server
        await facebook.click();
        await page.waitForURL(/#\/user\/social_register\/[\w-]+$/);
        const emailField = page.locator('input[type="email"]');
        await expect.poll(() => emailField.inputValue()).toBe(email);
        expect(await emailField.getAttribute('readonly')).not.toBeNull();
        expect(await page.locator('input[autocomplete="name"]').inputValue()).toBe('Layla Hassan');
        await page.locator('input[autocomplete="username"]').fill(`layla_${language}_owner`);
        for (const field of await page.locator('input[autocomplete="new-password"]').all()) {
          await field.fill('secret-pass-1');
        }
        await snapPage(page, `facebook-social-register-${language}`);
        await page.getByTestId('social-submit').click();
        await page.waitForURL(/#\/dashboard$/);
        await page.getByTestId('stat-senders').waitFor();
        await page.context().close();

        // next time the same person is signed in by the Facebook account they linked, straight to the page asked
        const again = await pageOn(server, language);
        await again.goto('/#/user/login?redirect=%2Fservices');
        await again.getByTestId('facebook-signin').click();
        await again.waitForURL(/#\/services$/);
        const token = await again.evaluate(() => localStorage.getItem('hiwar_token'));
        const me = await callApi(server, 'GET', '/user/me', { token: String(token) });
        expect(me.data).toMatchObject({ user_email: email, user_reg_driver: 'facebook' });
        await again.context().close();
      }

      // what the sign-in page says when Facebook's way in is refused
      const refused = await pageOn(server, 'ar');
      await refused.goto('/#/user/login?social_error=email_in_use');
      await refused.getByTestId('social-signin-error').waitFor();
      await snapPage(refused, 'facebook-refused-ar');
      await refused.context().close();
    } finally {
      await server.stop();
      await fake.close();
    }
  }, 90_000);

  it('after HIWAR_RESET_SECRETS=1, the dashboard names the credentials to enter again, until dismissed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-e2e-reset-'));
    const owner = {
      username: 'reset_owner',
      fullname: 'Reset Owner',
      email: 'reset@example.com',
      password: 'secret-pass-1',
    };
    try {
      const first = await startServer({ DATA_DIR: dataDir, SECRET_KEY: 'the-old-key' });
      const token = await registerOwner(first, owner);
      const browsed = await callApi(first, 'GET', '/chatbot/browse', { token });
      const record = structuredClone(browsed.data) as {
        apps: { telegram: { chatbot_app_credentials: { token: string; verify_token: string } } };
      };
      record.apps.telegram.chatbot_app_credentials.token = '123456:old-telegram-token';
      await callApi(first, 'POST', '/chatbot/save', { body: record, token });
      await first.stop();

      const reset = await startServer({
        DATA_DIR: dataDir,
        SECRET_KEY: 'the-new-key',
        HIWAR_RESET_SECRETS: '1',
      });
      try {
        for (const language of ['en', 'ar'] as const) {
          const page = await pageOn(reset, language, token);
          await page.goto('/#/dashboard');
          const alert = page.getByTestId('secret-resets');
          await alert.waitFor();
          expect(await alert.getByRole('link').first().getAttribute('href')).toBe('#/chatbot');
          await snapPage(page, `secret-resets-${language}`);
          await page.context().close();
        }
        const page = await pageOn(reset, 'en', token);
        await page.goto('/#/dashboard');
        await page.getByTestId('secret-resets').getByRole('button').click();
        await page.getByTestId('secret-resets').waitFor({ state: 'detached' });
        await page.reload();
        await page.getByTestId('stat-senders').waitFor();
        expect(await page.getByTestId('secret-resets').count()).toBe(0);
        await page.context().close();
      } finally {
        await reset.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

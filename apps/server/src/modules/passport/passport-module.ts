import {
  loginRequest,
  loginResponse,
  messages,
  ok,
  registerRequest,
  signupModeResponse,
} from '@hiwar/contracts';
import { revokeAccessToken } from '../../platform/auth/access-tokens.ts';
import { verifyPassword } from '../../platform/crypto/passwords.ts';
import { isFacebookLoginConfigured } from '../../platform/facebook/facebook-login.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { registerActiveAccount, registerPendingAccount } from '../users/registration-service.ts';
import { createSignupGate } from '../users/signup-gate.ts';
import { type FacebookSigninOptions, registerFacebookSigninRoutes } from './facebook-signin-routes.ts';
import { login, type PasswordVerifier } from './login-service.ts';

const tags = ['passport'];
const security = [{ bearer: [] }];

export interface PassportModuleOptions {
  /** the password check (tests wrap it to count the checks) */
  verifyPassword?: PasswordVerifier;
  facebookSignin?: FacebookSigninOptions;
}

/** Sign-in (a password, or Facebook) and sessions: opaque bearer tokens stored hashed, revocable server-side. */
export function createPassportModule(options: PassportModuleOptions = {}): AppModule {
  return {
    name: 'passport',
    routes(app, { db, dialect, config, mailer, requireUser }) {
      const signups = createSignupGate(db, config);
      const loginContext = {
        db,
        dialect,
        tokenTtlDays: config.tokenTtlDays,
        verifyPassword: options.verifyPassword ?? verifyPassword,
      };

      app.post(
        '/passport/register',
        { schema: { tags, body: registerRequest, response: { 200: ok } } },
        async (request) => {
          await signups.admit(request);
          // SIGNUP=verify: the account waits for its emailed link (the console's sign-in after it says so)
          if (config.signup === 'verify') {
            await registerPendingAccount(db, config, mailer, request.body);
            return { status: 1 as const, msg: messages.verificationMail };
          }
          await registerActiveAccount(db, request.body);
          return { status: 1 as const, msg: messages.successfullySaved };
        },
      );

      app.get('/passport/signup', { schema: { tags, response: { 200: signupModeResponse } } }, async () => ({
        status: 1 as const,
        data: { signup: config.signup, facebook: isFacebookLoginConfigured(config) },
      }));

      app.post(
        '/passport/login',
        { schema: { tags, body: loginRequest, response: { 200: loginResponse } } },
        async (request) => login(loginContext, request.body, request.ip),
      );

      registerFacebookSigninRoutes(app, { db, config }, options.facebookSignin);

      app.post(
        '/passport/logout',
        { onRequest: requireUser, schema: { tags, security, response: { 200: ok } } },
        async (request) => {
          await revokeAccessToken(db, sessionOf(request).tokenId);
          return { status: 1 as const };
        },
      );

      app.get(
        '/is_login',
        { onRequest: requireUser, schema: { tags, security, response: { 200: ok } } },
        async () => ({ status: 1 as const }),
      );
    },
  };
}

export const passportModule = createPassportModule();

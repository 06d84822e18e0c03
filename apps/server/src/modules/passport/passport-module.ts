import { loginRequest, loginResponse, messages, ok, registerRequest } from '@hiwar/contracts';
import { revokeAccessToken } from '../../platform/auth/access-tokens.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { registerActiveAccount } from '../users/registration-service.ts';
import { login } from './login-service.ts';

const tags = ['passport'];
const security = [{ bearer: [] }];

/** Sign-in and sessions: opaque bearer tokens stored hashed, revocable server-side. */
export const passportModule: AppModule = {
  name: 'passport',
  routes(app, { db, config, requireUser }) {
    app.post(
      '/passport/register',
      { schema: { tags, body: registerRequest, response: { 200: ok } } },
      async (request) => {
        await registerActiveAccount(db, request.body);
        return { status: 1 as const, msg: messages.successfullySaved };
      },
    );

    app.post(
      '/passport/login',
      { schema: { tags, body: loginRequest, response: { 200: loginResponse } } },
      async (request) => login(db, request.body, request.ip, config.tokenTtlDays),
    );

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

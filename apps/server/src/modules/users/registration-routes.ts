import {
  activateParams,
  messages,
  ok,
  pendingSocialSigninResponse,
  registerRequest,
  resendActivationRequest,
  socialRegisterRequest,
  socialSigninParams,
} from '@hiwar/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import type { ApiApp, ModuleContext } from '../../platform/http/module.ts';
import { confirmEmailChange } from './email-change.ts';
import {
  activateAccount,
  completeSocialRegistration,
  registerPendingAccount,
  resendActivation,
} from './registration-service.ts';
import { createSignupGate } from './signup-gate.ts';
import { socialBrowserOf } from './social-browser.ts';
import { findPendingSocialSignin } from './social-signin-repository.ts';

const tags = ['account'];

/**
 * Visitor calls: registration with activation mail, activation, the pending social sign-in and its completion
 * (the sign-in itself is modules/passport/facebook-signin-routes.ts).
 */
export function registerRegistrationRoutes(app: ApiApp, { db, config, mailer }: ModuleContext): void {
  const signups = createSignupGate(db, config);
  app.post(
    '/user/register/',
    { schema: { tags, body: registerRequest, response: { 200: ok } } },
    async (request) => {
      await signups.admit(request);
      await registerPendingAccount(db, config, mailer, request.body);
      return { status: 1 as const, msg: messages.verificationMail };
    },
  );

  app.post(
    '/user/resend_activation',
    { schema: { tags, body: resendActivationRequest, response: { 200: ok } } },
    async (request) => {
      await signups.count(request);
      await resendActivation(db, config, mailer, request.body.email);
      return { status: 1 as const, msg: messages.verificationMail };
    },
  );

  app.get(
    '/user/confirm_email/:user_id/:code',
    { schema: { tags, params: activateParams, response: { 200: ok } } },
    async (request) => {
      await confirmEmailChange(db, request.params.user_id, request.params.code);
      return { status: 1 as const, msg: messages.emailChanged };
    },
  );

  app.get(
    '/user/activate/:user_id/:code',
    { schema: { tags, params: activateParams, response: { 200: ok } } },
    async (request) => {
      await activateAccount(db, request.params.user_id, request.params.code);
      return { status: 1 as const, msg: messages.accountActivated };
    },
  );

  app.get(
    '/user/social_register/:token',
    { schema: { tags, params: socialSigninParams, response: { 200: pendingSocialSigninResponse } } },
    async (request) => {
      const signin = await findPendingSocialSignin(db, request.params.token, socialBrowserOf(request));
      if (!signin) throw new AppError('not_found', messages.errorAccessToken);
      return {
        status: 1 as const,
        data: { provider: signin.provider, name: signin.name, email: signin.email },
      };
    },
  );

  app.post(
    '/user/social_register',
    {
      schema: {
        tags,
        body: socialRegisterRequest,
        response: { 200: ok.extend({ access_token: z.string() }) },
      },
    },
    async (request) => {
      await signups.admit(request);
      const issued = await completeSocialRegistration(db, config, request.body, socialBrowserOf(request));
      return { status: 1 as const, msg: messages.successfullySaved, access_token: issued.accessToken };
    },
  );
}

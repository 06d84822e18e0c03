import { AVATAR_MAX_BYTES, messages, okWith, updateSettingsRequest, userProfile } from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { ApiApp, ModuleContext } from '../../platform/http/module.ts';
import { registerFileRoutes } from '../../platform/http/multipart-body.ts';
import { isUploadedFile, type UploadedFile } from '../../platform/http/uploaded-file.ts';
import { profileOf, settingsAnswerOf } from './profile-view.ts';
import { updateSettings } from './settings-service.ts';
import { findUserById } from './user-repository.ts';

const tags = ['account'];
const security = [{ bearer: [] }];

/**
 * A multipart body arrives as text fields plus the avatar file: take the file out (the schema would strip it)
 * and turn `mode` into a number, so JSON and multipart bodies meet the same schema.
 */
const avatarOfRequest = new WeakMap<FastifyRequest, UploadedFile>();

async function normaliseMultipartSettings(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body = { ...(request.body as Record<string, unknown>) };
  const { avatar } = body;
  delete body.avatar;
  if (avatar !== undefined && avatar !== '') {
    if (!isUploadedFile(avatar)) throw AppError.invalidField('avatar', messages.fileTypeUnsupported);
    avatarOfRequest.set(request, avatar);
  }
  if (typeof body.mode === 'string' && /^\d+$/.test(body.mode)) body.mode = Number(body.mode);
  request.body = body;
}

/** Signed-in calls about the user's own profile. */
export async function registerProfileRoutes(app: ApiApp, context: ModuleContext): Promise<void> {
  const { db, secrets, requireUser, config, mailer } = context;

  app.get(
    '/user/me',
    { onRequest: requireUser, schema: { tags, security, response: { 200: okWith(userProfile) } } },
    async (request) => {
      const row = await findUserById(db, sessionOf(request).userId);
      if (!row) throw new AppError('unauthenticated');
      return { status: 1 as const, data: profileOf(row) };
    },
  );

  const limits = { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 20, parts: 21 };
  await registerFileRoutes(app, limits, (scope) => {
    scope.post(
      '/user/update_settings',
      {
        preValidation: normaliseMultipartSettings,
        onRequest: requireUser,
        schema: {
          tags,
          security,
          body: updateSettingsRequest,
          consumes: ['application/json', 'multipart/form-data'],
        },
      },
      async (request) => {
        const avatar = avatarOfRequest.get(request) ?? null;
        const { row, emailPending } = await updateSettings(
          { db, secrets, config, mailer },
          sessionOf(request),
          request.body,
          avatar,
        );
        return {
          status: 1 as const,
          msg: emailPending ? messages.emailChangePending : messages.successfullyUpdated,
          data: settingsAnswerOf(row),
        };
      },
    );
  });
}

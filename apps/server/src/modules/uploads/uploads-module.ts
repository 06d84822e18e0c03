import {
  messages,
  UPLOAD_IMAGE_FIELD,
  UPLOAD_IMAGE_MAX_BYTES,
  uploadImageParams,
  uploadImageRequest,
  uploadImageResponse,
} from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/auth-guard.ts';
import type { AppModule } from '../../platform/http/module.ts';
import { registerFileRoutes } from '../../platform/http/multipart-body.ts';
import { isUploadedFile, type UploadedFile } from '../../platform/http/uploaded-file.ts';
import { uploadImage } from './upload-image.ts';

const tags = ['uploads'];
const security = [{ bearer: [] }];

const imageOfRequest = new WeakMap<FastifyRequest, UploadedFile>();

/** The file is taken out of a multipart body before validation: the contract reads no fields. */
async function takeImageOut(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const image = (request.body as Record<string, unknown> | undefined)?.[UPLOAD_IMAGE_FIELD];
  if (image !== undefined && image !== '') {
    if (!isUploadedFile(image)) throw AppError.invalidField(UPLOAD_IMAGE_FIELD, messages.fileTypeUnsupported);
    imageOfRequest.set(request, image);
  }
  request.body = {};
}

/**
 * Images an owner uploads for static cards and dataset image cells (spec part 2 §7 `upload-image`), stored
 * under DATA_DIR/uploads and served read-only at /api/uploads/<file> (app.ts). Owns `uploads`.
 */
export const uploadsModule: AppModule = {
  name: 'uploads',
  async routes(app, { db, config, requireUser }) {
    const limits = { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 };
    await registerFileRoutes(app, limits, (scope) => {
      scope.post(
        '/upload-image/:kind',
        {
          onRequest: requireUser,
          preValidation: takeImageOut,
          schema: {
            tags,
            security,
            params: uploadImageParams,
            body: uploadImageRequest,
            consumes: ['multipart/form-data'],
            response: { 200: uploadImageResponse },
          },
        },
        async (request) => {
          const url = await uploadImage(
            { db, dataDir: config.dataDir },
            sessionOf(request).userId,
            request.params.kind,
            imageOfRequest.get(request),
          );
          return { status: 1 as const, data: { url } };
        },
      );
    });
  },
};

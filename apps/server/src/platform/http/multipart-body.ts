import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { messages } from '@hiwar/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import type { ApiApp } from './module.ts';
import { bufferUpload } from './uploaded-file.ts';

/**
 * RFC 2046 allows a boundary of 1 to 70 characters. Busboy throws a bare Error (a 500) when the boundary is
 * missing and when it is longer than 256, so the content type is checked before the body is read.
 */
const BOUNDARY_PARAMETER = /;\s*boundary\s*=\s*(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;
const MULTIPART_TYPE = /^\s*multipart\/form-data\b/i;

export interface MultipartBodyOptions {
  limits: { fileSize: number; files: number; fields: number; parts: number };
  /** reads one file part, e.g. into a buffer; runs while the body is parsed */
  onFile(part: MultipartFile): Promise<void>;
}

function isPluginError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('FST_');
}

export function malformedMultipart(): AppError {
  return new AppError('bad_request', messages.malformedMultipart);
}

/**
 * Lets the routes of `scope` take `multipart/form-data` bodies as well as JSON: text fields become the body's
 * keys (validated by the route's schema like JSON), files go to `onFile`. A body that is not well-formed
 * multipart answers 400, not 500.
 */
export async function acceptMultipartBodies(scope: FastifyInstance, options: MultipartBodyOptions) {
  scope.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    if (type && MULTIPART_TYPE.test(type) && !BOUNDARY_PARAMETER.test(type)) throw malformedMultipart();
  });
  const filesSeen = new WeakMap<object, number>();
  await scope.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    // one part more than allowed reaches onFile, which refuses it by its field name (422, not the plugin's 413)
    limits: { ...options.limits, files: options.limits.files + 1 },
    async onFile(this: FastifyRequest, part) {
      const seen = (filesSeen.get(this) ?? 0) + 1;
      filesSeen.set(this, seen);
      try {
        if (seen > options.limits.files) throw AppError.invalidField(part.fieldname, messages.oneFileOnly);
        await options.onFile(part);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // the plugin's own errors (size and count limits, FST_…) have their answers in the error handler; the
        // rest is the body ending inside a part: busboy's "terminated early", the stream's premature close
        throw isPluginError(error) ? error : malformedMultipart();
      }
    },
  });
}

/**
 * Registers `routes` in a scope of their own that also takes multipart bodies, each file part buffered as an
 * `UploadedFile` (uploaded-file.ts) in the body under its field name; the rest of the app keeps JSON only.
 */
export async function registerFileRoutes(
  app: ApiApp,
  limits: MultipartBodyOptions['limits'],
  routes: (scope: ApiApp) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await acceptMultipartBodies(scope, { onFile: bufferUpload, limits });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

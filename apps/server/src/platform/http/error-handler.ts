import type { Socket } from 'node:net';
import { type FailureEnvelope, messages } from '@hiwar/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { fieldErrorsOf } from './field-errors.ts';

/** Fastify's own request errors that are the client's fault, mapped to our codes and messages. */
const clientErrorByFastifyCode: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('bad_request', messages.malformedJson),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('payload_too_large', messages.requestTooLarge),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('unsupported_media_type', 'Unsupported content type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('bad_request', 'Invalid content length'),
  FST_PARTS_LIMIT: new AppError('payload_too_large', messages.requestTooLarge),
  FST_FIELDS_LIMIT: new AppError('payload_too_large', messages.requestTooLarge),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError('unsupported_media_type', 'Unsupported content type'),
};

/** A file over its route's size limit: the refusal names the part's own field (`avatar`, `image`). */
function fileTooLarge(error: FastifyError & { part?: { fieldname?: unknown } }): AppError {
  const field = error.part?.fieldname;
  return typeof field === 'string' && field !== ''
    ? AppError.invalidField(field, messages.fileTooLarge)
    : new AppError('validation', messages.fileTooLarge);
}

/** A second file part: a mistake in the form, not a body too large (422, naming the file field when known). */
function secondFile(error: FastifyError & { part?: { fieldname?: unknown } }): AppError {
  const field = error.part?.fieldname;
  return AppError.invalidField(
    typeof field === 'string' && field !== '' ? field : 'file',
    messages.oneFileOnly,
  );
}

function toAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath,
      message: issue.message ?? '',
    }));
    return AppError.invalid(fieldErrorsOf(issues));
  }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(error);
  if (error.code === 'FST_FILES_LIMIT') return secondFile(error);
  const known = error.code ? clientErrorByFastifyCode[error.code] : undefined;
  if (known) return known;
  // JSON prototype poisoning and other parser refusals carry a 4xx status
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(
      error.statusCode === 413 ? 'payload_too_large' : 'bad_request',
      messages.givenDataInvalid,
    );
  }
  return null;
}

export function failureOf(error: AppError): FailureEnvelope {
  return error.errors
    ? { status: 0, msg: error.message, errors: error.errors }
    : { status: 0, msg: error.message };
}

/**
 * The router's own refusals, before any route runs (Fastify's `frameworkErrors`): a path that is not valid
 * percent-encoded UTF-8 is a bad request, a path parameter longer than any id or token names nothing. Both
 * answer the envelope instead of Fastify's default JSON, which also echoed the path.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_BAD_URL'
      ? new AppError('bad_request', messages.malformedPath)
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('not_found')
        : null;
  if (refusal) {
    reply.code(refusal.httpStatus).send(failureOf(refusal));
    return;
  }
  request.log.error({ err: error }, 'unexpected router error');
  reply.code(500).send({ status: 0, msg: messages.serverError });
}

const clientErrorAnswers: Record<string, { status: number; reason: string; msg: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', msg: messages.requestTimeout },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    msg: messages.headersTooLarge,
  },
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): an address or
 * headers over the 16 KB limit, a request that never finished, bytes that are not HTTP. The answer is written
 * to the socket by hand, as Fastify's default does, but as the envelope.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = error.code ? clientErrorAnswers[error.code] : undefined;
  const { status, reason, msg } = known ?? {
    status: 400,
    reason: 'Bad Request',
    msg: messages.givenDataInvalid,
  };
  const body = JSON.stringify({ status: 0, msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** SQLite's and PostgreSQL's "no space left", and the file system's own. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100';
}

/** Seconds a client is asked to wait before trying again while the storage is full. */
export const STORAGE_FULL_RETRY_SECONDS = 30;

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError) {
      if (appError.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(appError.retryAfterSeconds));
      return reply.code(appError.httpStatus).send(failureOf(appError));
    }
    if (isStorageFull(error)) {
      // nothing was written (the statement or its transaction failed whole): the client may send it again
      request.log.error({ err: error }, 'storage full: the database cannot write');
      reply.header('retry-after', String(STORAGE_FULL_RETRY_SECONDS));
      return reply.code(503).send(failureOf(new AppError('unavailable')));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ status: 0, msg: messages.serverError });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send(failureOf(new AppError('not_found')));
  });
}

import { type FieldErrors, messages } from '@hiwar/contracts';

/** What went wrong, independent of transport. `httpStatusOf` maps each code to its HTTP status. */
export type ErrorCode =
  | 'validation'
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'throttled'
  | 'unavailable';

const statusByCode: Record<ErrorCode, number> = {
  validation: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  unavailable: 503,
};

const defaultMessageByCode: Record<ErrorCode, string> = {
  validation: messages.givenDataInvalid,
  bad_request: messages.givenDataInvalid,
  unauthenticated: messages.unauthenticated,
  forbidden: 'Forbidden',
  not_found: messages.notFound,
  conflict: messages.alreadyTaken,
  payload_too_large: messages.requestTooLarge,
  unsupported_media_type: messages.fileTypeUnsupported,
  throttled: messages.tooManyAttempts,
  unavailable: messages.storageFull,
};

export function httpStatusOf(code: ErrorCode): number {
  return statusByCode[code];
}

/** The one error type services throw. The error handler turns it into `{status: 0, msg, errors?}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;
  /** sent as Retry-After (a throttled or unavailable answer that knows when to come back) */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message?: string, errors?: FieldErrors, retryAfterSeconds?: number) {
    super(message ?? defaultMessageByCode[code]);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** A 429 or 503 that tells the client how many whole seconds (at least one) to wait: Retry-After. */
  static retryLater(code: 'throttled' | 'unavailable', message: string, seconds: number): AppError {
    return new AppError(code, message, undefined, Math.max(1, Math.ceil(seconds)));
  }

  /** 422 with `errors: {field: [message]}`; msg is the spec's "The given data was invalid." */
  static invalid(errors: FieldErrors): AppError {
    return new AppError('validation', messages.givenDataInvalid, errors);
  }

  static invalidField(field: string, message: string): AppError {
    return AppError.invalid({ [field]: [message] });
  }

  get httpStatus(): number {
    return statusByCode[this.code];
  }
}

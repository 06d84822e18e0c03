import { dataSourceMessages } from '@hiwar/contracts';
import { errorText } from '../../platform/error-text.ts';
import { OutboundRefusedError } from '../../platform/net/outbound-guard.ts';

/** Why a connection to an owner's database failed, and the form field the owner should look at. */
export interface ConnectionFailure {
  field: 'host' | 'port' | 'password' | 'dbname';
  message: string;
}

const failures = {
  hostNotFound: { field: 'host', message: dataSourceMessages.hostNotFound },
  notAllowed: { field: 'host', message: dataSourceMessages.addressNotAllowed },
  refused: { field: 'port', message: dataSourceMessages.connectionRefused },
  timedOut: { field: 'host', message: dataSourceMessages.timedOut },
  badCredentials: { field: 'password', message: dataSourceMessages.badCredentials },
  unknownDatabase: { field: 'dbname', message: dataSourceMessages.unknownDatabase },
  other: { field: 'host', message: dataSourceMessages.failedConnection },
} as const satisfies Record<string, ConnectionFailure>;

/** mysql2 errno, PostgreSQL SQLSTATE, node's socket codes → the failure the owner can act on. */
const failureByCode: Record<string, ConnectionFailure> = {
  ENOTFOUND: failures.hostNotFound,
  EAI_AGAIN: failures.hostNotFound,
  ECONNREFUSED: failures.refused,
  ECONNRESET: failures.refused,
  EHOSTUNREACH: failures.timedOut,
  ENETUNREACH: failures.timedOut,
  ETIMEDOUT: failures.timedOut,
  ETIMEOUT: failures.timedOut,
  ER_ACCESS_DENIED_ERROR: failures.badCredentials, // MySQL 1045
  ER_DBACCESS_DENIED_ERROR: failures.badCredentials, // MySQL 1044: the user may not open that database
  ER_BAD_DB_ERROR: failures.unknownDatabase, // MySQL 1049
  '28P01': failures.badCredentials, // PostgreSQL invalid_password
  '28000': failures.badCredentials, // PostgreSQL invalid_authorization_specification (pg_hba)
  '3D000': failures.unknownDatabase, // PostgreSQL invalid_catalog_name
};

interface DriverError {
  code?: unknown;
  message?: unknown;
  originalError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function codesOf(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 3) return [];
  const { code, originalError, cause, errors } = error as DriverError;
  const nested = [originalError, cause, ...(Array.isArray(errors) ? errors : [])];
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...nested.flatMap((inner) => codesOf(inner, depth + 1)),
  ];
}

/** Names the failure from the error a driver (or the guard) threw; unknown errors become 'Failed connection'. */
export function connectionFailureOf(error: unknown): ConnectionFailure {
  if (error instanceof OutboundRefusedError) {
    return error.reason === 'not_allowed' ? failures.notAllowed : failures.hostNotFound;
  }
  const message = errorText(error);
  // SQL Server answers one login error (18456) for a bad password; "Cannot open database" names the database
  if (codesOf(error).includes('ELOGIN')) {
    return /cannot open database/i.test(message) ? failures.unknownDatabase : failures.badCredentials;
  }
  for (const code of codesOf(error)) {
    const failure = failureByCode[code];
    if (failure) return failure;
  }
  if (/timeout|timed out/i.test(message)) return failures.timedOut;
  if (/ECONNREFUSED/.test(message)) return failures.refused;
  return failures.other;
}

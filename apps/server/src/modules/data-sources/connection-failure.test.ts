import { dataSourceMessages } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { OutboundRefusedError } from '../../platform/net/outbound-guard.ts';
import { connectionFailureOf } from './connection-failure.ts';

const withCode = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('connection failures', () => {
  it.each([
    [
      'SQL Server: a wrong password (login error 18456)',
      withCode("Login failed for user 'sa'.", 'ELOGIN'),
      'password',
      dataSourceMessages.badCredentials,
    ],
    [
      'SQL Server: an unknown database',
      withCode('Cannot open database "shop" requested by the login. The login failed.', 'ELOGIN'),
      'dbname',
      dataSourceMessages.unknownDatabase,
    ],
    [
      'SQL Server: a closed port (the socket error wrapped by mssql)',
      withCode('Failed to connect to 10.1.2.3:1433 - connect ECONNREFUSED', 'ESOCKET', {
        originalError: withCode('connect ECONNREFUSED', 'ESOCKET', { cause: withCode('x', 'ECONNREFUSED') }),
      }),
      'port',
      dataSourceMessages.connectionRefused,
    ],
    [
      'SQL Server: no answer in time',
      withCode('Failed to connect to 10.1.2.3:1433 in 5000ms', 'ETIMEOUT'),
      'host',
      dataSourceMessages.timedOut,
    ],
    [
      'MySQL: access denied (1045)',
      withCode('Access denied', 'ER_ACCESS_DENIED_ERROR'),
      'password',
      dataSourceMessages.badCredentials,
    ],
    [
      'MySQL: unknown database (1049)',
      withCode("Unknown database 'x'", 'ER_BAD_DB_ERROR'),
      'dbname',
      dataSourceMessages.unknownDatabase,
    ],
    [
      'PostgreSQL: a wrong password',
      withCode('password authentication failed', '28P01'),
      'password',
      dataSourceMessages.badCredentials,
    ],
    [
      'PostgreSQL: an unknown database',
      withCode('database "x" does not exist', '3D000'),
      'dbname',
      dataSourceMessages.unknownDatabase,
    ],
    ['pg: a connect timeout', new Error('timeout expired'), 'host', dataSourceMessages.timedOut],
    [
      'a closed port',
      withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'),
      'port',
      dataSourceMessages.connectionRefused,
    ],
    [
      'a host without an address',
      withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND'),
      'host',
      dataSourceMessages.hostNotFound,
    ],
    [
      'the guard: a private address',
      new OutboundRefusedError('not_allowed', '10.0.0.1', 'private'),
      'host',
      dataSourceMessages.addressNotAllowed,
    ],
    [
      'the guard: a name that does not resolve',
      new OutboundRefusedError('not_found', 'nowhere', 'no address'),
      'host',
      dataSourceMessages.hostNotFound,
    ],
    ['anything else', new Error('something odd'), 'host', dataSourceMessages.failedConnection],
  ])('names %s', (_case, error, field, message) => {
    expect(connectionFailureOf(error)).toEqual({ field, message });
  });
});

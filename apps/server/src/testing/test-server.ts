import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { modelUpdatesSettled } from '../modules/nlu/model-updates.ts';
import type { Config } from '../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import type { AppModule } from '../platform/http/module.ts';
import type { Mailer, MailMessage } from '../platform/mail/mailer.ts';
import type { TestDatabaseKind } from './test-databases.ts';

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** a raw body (string or FormData) sent as is */
  raw?: RequestInit['body'];
}

export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer fields
  json: any;
  text: string;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** mail the server sent */
  mail: MailMessage[];
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /**
   * Another server on the same database, with its own connection, caches and model updates: what a second
   * server process is to this one. Closed with this server.
   */
  startSibling(): Promise<Pick<TestServer, 'url' | 'database' | 'call'>>;
  close(): Promise<void>;
}

/**
 * A real server on port 0 with its own temp DATA_DIR and a fresh database of the given kind. `modules` replaces
 * the server's module list (e.g. one module built with a test clock).
 */
export async function startTestServer(
  kind: TestDatabaseKind,
  overrides: Partial<Config> = {},
  modules?: AppModule[],
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiwar-test-'));
  const { target, drop } = await kind.create(dataDir);
  const database = openDatabase(target);
  await migrateToLatest(database);
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: target.dialect === 'postgres' ? target.url : null,
    consoleDist: join(dataDir, 'no-console'),
    tokenTtlDays: 30,
    secretKey: randomBytes(32),
    trustProxy: true,
    corsOrigins: [],
    publicUrl: '',
    outboundAllow: [],
    smtpUrl: null,
    mailFrom: 'Hiwar <no-reply@localhost>',
    signup: 'open',
    // the tests sign up many owners from one address; the limit's own test sets it
    signupsPerHour: 100_000,
    broadcastRates: {},
    deliveryRetryHours: 24,
    telegramApiUrl: 'https://api.telegram.org',
    facebookGraphUrl: 'https://graph.facebook.com/v21.0',
    facebookDialogUrl: 'https://www.facebook.com/v21.0',
    fbAppId: '',
    fbAppSecret: '',
    fbVerifyToken: '',
    whatsappApiUrl: 'https://graph.facebook.com/v21.0',
    googleChatApiUrl: 'https://chat.googleapis.com',
    googleChatJwksUrl: 'https://www.googleapis.com/service_accounts/v1/jwk/chat@system.gserviceaccount.com',
    googlePlacesApiKey: '',
    googlePlacesUrl: 'https://places.googleapis.com',
    nominatimUrl: '',
    googleSpeechUrl: 'https://speech.googleapis.com',
    ...overrides,
  };
  const mail: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void mail.push(message) };
  const app = await buildApp({ config, database, mailer, logger: false, ...(modules && { modules }) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const siblings: (() => Promise<void>)[] = [];
  return {
    url,
    app,
    database,
    config,
    mail,
    // A change of examples answers before the models catch up (modules/nlu/model-updates.ts): the tests wait for
    // them after every call, as if updates were instant. Tests of the background update itself call
    // callServer(url, …) directly.
    async call(method, path, options) {
      const result = await callServer(url, method, path, options);
      await modelUpdatesSettled(database.db);
      return result;
    },
    async startSibling() {
      const siblingDatabase = openDatabase(target);
      const sibling = await buildApp({
        config,
        database: siblingDatabase,
        mailer,
        logger: false,
        ...(modules && { modules }),
      });
      const siblingUrl = await sibling.listen({ port: 0, host: '127.0.0.1' });
      siblings.push(async () => {
        await sibling.close();
        await siblingDatabase.close();
      });
      return {
        url: siblingUrl,
        database: siblingDatabase,
        async call(method, path, options) {
          const result = await callServer(siblingUrl, method, path, options);
          await modelUpdatesSettled(siblingDatabase.db);
          return result;
        },
      };
    },
    async close() {
      for (const closeSibling of siblings.splice(0)) await closeSibling();
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One HTTP call to a server at `base` (a test server, or a server process: server-process.ts). */
export async function callServer(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: RequestInit['body'] = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

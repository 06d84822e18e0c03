import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { healthModule } from '../health/health-module.ts';
import { createWidgetSiteModule } from './widget-site-module.ts';

describe('serving the built web messenger', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let bareApp: FastifyInstance;

  async function appServing(distDir: string): Promise<FastifyInstance> {
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: null,
      consoleDist: join(dataDir, 'no-console'),
      tokenTtlDays: 30,
      secretKey: randomBytes(32),
      trustProxy: false,
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
    };
    return buildApp({
      config,
      database,
      logger: false,
      modules: [healthModule, createWidgetSiteModule({ distDir })],
    });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hiwar-widget-site-'));
    const dist = join(dataDir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'frame.html'), '<!doctype html><div id="app"></div>');
    writeFileSync(join(dist, 'embed.js'), 'console.log("embed")');
    writeFileSync(join(dist, 'assets', 'frame-abc123.js'), 'export {}');
    writeFileSync(join(dataDir, 'secret.txt'), 'not for the web');
    database = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'hiwar.sqlite') });
    await migrateToLatest(database);
    app = await appServing(dist);
    bareApp = await appServing(join(dataDir, 'not-built'));
  });

  afterAll(async () => {
    await app?.close();
    await bareApp?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets any site frame frame.html, which the rest of the server does not allow', async () => {
    const frame = await app.inject({ method: 'GET', url: '/widget/frame.html?bot=abc&locale=ar' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(frame.headers['x-frame-options']).toBeUndefined();
    const policy = String(frame.headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("script-src 'self'");
    expect(frame.headers['cache-control']).toBe('no-cache');

    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('serves embed.js to other origins with a short cache and a validator', async () => {
    const embed = await app.inject({ method: 'GET', url: '/widget/embed.js' });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toBe('console.log("embed")');
    expect(embed.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(embed.headers['access-control-allow-origin']).toBe('*');
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(embed.headers['cache-control']).toBe('public, max-age=300, must-revalidate');

    const etag = String(embed.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/widget/embed.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves hashed assets as immutable and refuses names outside the assets folder', async () => {
    const asset = await app.inject({ method: 'GET', url: '/widget/assets/frame-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of [
      '/widget/assets/missing.js',
      '/widget/assets/..%2F..%2Fsecret.txt',
      '/widget/assets/..%2Fframe.html',
      '/widget/assets/.hidden',
    ]) {
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
    }
  });

  it('explains how to build the widget when it is not built', async () => {
    for (const url of ['/widget/frame.html', '/widget/embed.js']) {
      const answer = await bareApp.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(503);
      expect(answer.body).toContain('npm run build');
    }
  });
});

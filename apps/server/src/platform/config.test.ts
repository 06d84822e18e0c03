import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function dataDir() {
    dir = mkdtempSync(join(tmpdir(), 'hiwar-config-'));
    return join(dir, 'nested', 'data');
  }

  it('applies the defaults and creates DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      tokenTtlDays: 30,
      trustProxy: false,
      corsOrigins: [],
    });
    expect(config.dataDir).toBe(resolve(dir, 'nested', 'data'));
    expect(config.consoleDist.endsWith(join('apps', 'console', 'dist'))).toBe(true);
    expect(config.secretKey).toHaveLength(32);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://hiwar@db/hiwar',
      CONSOLE_DIST: '/srv/console',
      TOKEN_TTL_DAYS: '7',
      SECRET_KEY: 'operator secret',
      TRUST_PROXY: 'true',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      PUBLIC_URL: 'https://bots.example/',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://hiwar@db/hiwar',
      consoleDist: '/srv/console',
      tokenTtlDays: 7,
      trustProxy: true,
      corsOrigins: ['https://a.example', 'https://b.example'],
      publicUrl: 'https://bots.example',
    });
  });

  it('reads SMTP_URL and MAIL_FROM, mail to the log by default', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.smtpUrl).toBeNull();
    expect(defaults.mailFrom).toBe('Hiwar <no-reply@localhost>');
    const set = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://bot:secret@mail.example.com:465',
      MAIL_FROM: 'Bots <bots@example.com>',
    });
    expect(set.smtpUrl).toBe('smtps://bot:secret@mail.example.com:465');
    expect(set.mailFrom).toBe('Bots <bots@example.com>');
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [
      '10.0.0.0/8, 192.168.1.7, ::1, fd00::/8, loopback',
      ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback'],
    ],
  ])('reads TRUST_PROXY=%j as %j', (raw, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('reads OUTBOUND_ALLOW as host names, addresses and CIDRs, none by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).outboundAllow).toEqual([]);
    const raw = '127.0.0.1, 10.0.0.0/8, db.internal, fd00::/8';
    expect(loadConfig({ DATA_DIR: dataDir(), OUTBOUND_ALLOW: raw }).outboundAllow).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'db.internal',
      'fd00::/8',
    ]);
  });

  it('reads the place search geocoders: none by default, Google at its real address', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      googlePlacesApiKey: '',
      googlePlacesUrl: 'https://places.googleapis.com',
      nominatimUrl: '',
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_PLACES_API_KEY: ' AIzaKey ',
      GOOGLE_PLACES_URL: 'http://127.0.0.1:9100/',
      NOMINATIM_URL: 'https://nominatim.example.org/',
    });
    expect(set).toMatchObject({
      googlePlacesApiKey: 'AIzaKey',
      googlePlacesUrl: 'http://127.0.0.1:9100',
      nominatimUrl: 'https://nominatim.example.org',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), NOMINATIM_URL: 'nominatim.local' })).toThrow(
      'NOMINATIM_URL must be an http(s) address such as https://nominatim.example.org, got "nominatim.local"',
    );
  });

  it.each([
    [{ PORT: 'eighty' }],
    [{ PORT: '70000' }],
    [{ TOKEN_TTL_DAYS: '0' }],
    [{ DATABASE_URL: 'mysql://x' }],
    [{ TRUST_PROXY: 'yes' }],
    [{ TRUST_PROXY: '10.0.0.0/33' }],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }],
    [{ TRUST_PROXY: '10.0.0/8' }],
    [{ TRUST_PROXY: '::1/129' }],
    [{ TRUST_PROXY: '1.5' }],
    [{ TRUST_PROXY: ',' }],
    [{ OUTBOUND_ALLOW: 'http://db.example.com' }],
    [{ OUTBOUND_ALLOW: '10.0.0.0/33' }],
    [{ OUTBOUND_ALLOW: '127.0.0.1, db_example' }],
    [{ SMTP_URL: 'mail.example.com:25' }],
    [{ SMTP_URL: 'http://mail.example.com' }],
    [{ GOOGLE_PLACES_URL: 'ftp://places.example.com' }],
  ])('refuses %o', (env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
  });
});

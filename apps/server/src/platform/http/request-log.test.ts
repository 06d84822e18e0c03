import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loggableUrl, redactPathToken, redactTokens } from './request-log.ts';

describe('redactPathToken', () => {
  it.each([
    ['/widget/api/abc123secret/messages', /^\/widget\/api\/~[0-9a-f]{8}\/messages$/],
    ['/widget/api/abc123secret/history?sender_id=5', /^\/widget\/api\/~[0-9a-f]{8}\/history\?sender_id=5$/],
    ['/hooks/telegram/abc123secret', /^\/hooks\/telegram\/~[0-9a-f]{8}$/],
    ['/api/hooks/chatwoot/7.abc123secret', /^\/api\/hooks\/chatwoot\/~[0-9a-f]{8}$/],
    ['/api/user/social_register/abc123secret', /^\/api\/user\/social_register\/~[0-9a-f]{8}$/],
    ['/api/chatbot/browse', /^\/api\/chatbot\/browse$/],
  ])('keeps the token of %s out of the log', (url, expected) => {
    const logged = loggableUrl(url);
    expect(logged).toMatch(expected);
    expect(logged).not.toContain('abc123secret');
  });

  it('names one bot the same way each time', () => {
    expect(redactPathToken('/widget/api/one/settings')).toBe(
      redactPathToken('/widget/api/one/messages').replace('messages', 'settings'),
    );
    expect(redactPathToken('/widget/api/one/x')).not.toBe(redactPathToken('/widget/api/two/x'));
  });
});

describe('redactTokens', () => {
  it.each([
    ['/api/x?token=abc', '/api/x?token=[redacted]'],
    ['/api/x?a=1&token=abc&b=2', '/api/x?a=1&token=[redacted]&b=2'],
    ['/api/x?access_token=abc&user_token=def', '/api/x?access_token=[redacted]&user_token=[redacted]'],
    ['/api/x?TOKEN=abc', '/api/x?TOKEN=[redacted]'],
    ['/api/x?%74oken=abc', '/api/x?%74oken=[redacted]'],
    ['/api/x?token', '/api/x?token=[redacted]'],
    ['/api/x?token=a&token=b', '/api/x?token=[redacted]&token=[redacted]'],
    ['/api/x?%E0%A4%A=1&token=abc', '/api/x?%E0%A4%A=1&token=[redacted]'],
    ['/api/x?page=2', '/api/x?page=2'],
    ['/widget/api/bot-token/settings', '/widget/api/bot-token/settings'],
  ])('redacts %s as %s', (url, expected) => {
    expect(redactTokens(url)).toBe(expected);
  });
});

describe('the request log of the built app', () => {
  const lines: string[] = [];
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hiwar-log-'));
    database = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'hiwar.sqlite') });
    await migrateToLatest(database);
    const config = { ...loadConfig({ DATA_DIR: dataDir }), consoleDist: join(dataDir, 'no-console') };
    const stream = { write: (line: string) => void lines.push(line) };
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps token query values out of the log, whatever the path', async () => {
    const secret = 'Secret0Token0Value0That0Must0Not0Be0Logged';
    await fetch(`${url}/api/command_example/trained_examples_check?token=${secret}`);
    await fetch(`${url}/api/user/me?page=1&access_token=${secret}`);
    await fetch(`${url}/no/such/page?token=${secret}`);
    const logged = lines.join('');
    expect(logged).toContain('/api/command_example/trained_examples_check?token=[redacted]');
    expect(logged).toContain('/api/user/me?page=1&access_token=[redacted]');
    expect(logged).not.toContain(secret);
  });

  it('writes a line for a refused or failed messenger call, with its route and without the bot token', async () => {
    const bot = 'NoSuchBot0Token0That0Must0Not0Be0Logged';
    const answer = await fetch(`${url}/widget/api/${bot}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sender_id: 5, event: { type: 'text', text: 'hello' } }),
    });
    expect(answer.status).toBe(404);
    const line = lines
      .map((text) => JSON.parse(text))
      .find((entry) => entry.msg === 'widget request refused');
    expect(line).toMatchObject({ res: { statusCode: 404 }, req: { method: 'POST' } });
    expect(line.req.url).toMatch(/^\/widget\/api\/~[0-9a-f]{8}\/messages$/);
    expect(lines.join('')).not.toContain(bot);
  });
});

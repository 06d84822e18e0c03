import { join } from 'node:path';
import { buildApp } from './app.ts';
import { warmLexicons } from './modules/nlu/lexicons.ts';
import { sweepUnreadableSecrets } from './modules/secret-reset/reset-secrets.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { checkSecretKey, SecretKeyMismatchError } from './platform/crypto/key-check.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { openConfiguredDatabase } from './platform/db/open-configured.ts';
import { startupFailureOf } from './platform/startup-failure.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openConfiguredDatabase(config);
  const applied = await migrateToLatest(database);
  const secrets = createSecretBox(config.secretKey);
  const keyCheck = await checkSecretKey(database, secrets, {
    keySource: process.env.SECRET_KEY?.trim()
      ? 'SECRET_KEY'
      : `DATA_DIR/secret.key, ${join(config.dataDir, 'secret.key')}`,
    reset: process.env.HIWAR_RESET_SECRETS === '1',
    sweep: (apply) => sweepUnreadableSecrets(database.db, secrets, apply),
  });
  const app = await buildApp({ config, database });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (typeof keyCheck === 'object') {
    app.log.warn(
      { cleared: keyCheck.reset },
      'HIWAR_RESET_SECRETS=1: the secrets the old key sealed were emptied; their owners are asked to enter them again',
    );
  }
  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true believes every X-Forwarded-For entry, including the one a client writes itself: safe only if the proxy overwrites the header; otherwise give the proxies’ addresses or a hop count',
    );
  }

  let closing = false;
  const shutDown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutDown('SIGTERM'));
  process.on('SIGINT', () => void shutDown('SIGINT'));

  warmLexicons();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Hiwar ${database.dialect === 'postgres' ? 'on PostgreSQL' : `data in ${config.dataDir}`}`);
}

main().catch((error: unknown) => {
  // one JSON line, as the server logs: what failed and what to do, not a stack trace
  const known = error instanceof ConfigError || error instanceof SecretKeyMismatchError;
  const failure = known ? { msg: (error as Error).message } : startupFailureOf(error, process.env.DATA_DIR);
  console.error(JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, ...failure }));
  process.exit(1);
});

import { buildApp } from './app.ts';
import { warmLexicons } from './modules/nlu/lexicons.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { openConfiguredDatabase } from './platform/db/open-configured.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openConfiguredDatabase(config);
  const applied = await migrateToLatest(database);
  const app = await buildApp({ config, database });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
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
  const message = error instanceof ConfigError ? `configuration: ${error.message}` : error;
  console.error(message);
  process.exit(1);
});

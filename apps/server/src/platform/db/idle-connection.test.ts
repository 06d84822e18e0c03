import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL idle connections', () => {
  it('survives the server ending an idle pooled connection and keeps answering', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handle = openDatabase({ dialect: 'postgres', url: url! });
    const admin = openDatabase({ dialect: 'postgres', url: url! });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]!.pid;
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      warn.mockRestore();
      await handle.close();
      await admin.close();
    }
  });
});

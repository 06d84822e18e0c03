import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** `… like $2`: the statements whose best plan depends on the value (see below). */
const likesAParameter = /\blike\s+\$\d/i;

/**
 * PostgreSQL parses and plans an unnamed statement on every call; a named (prepared) one once per connection,
 * which halves the server's work for the small queries of the message path (~100 → ~50 µs of PostgreSQL CPU
 * per primary-key select here). Statements are named once their SQL text (values are bound parameters) was
 * seen before, up to `limit` distinct texts, so one-off SQL (long `in (…)` lists, migrations) stays unnamed
 * and each connection prepares at most `limit` statements. Migrations run before the server serves: a schema
 * change under running connections would need them renewed (PostgreSQL refuses a prepared `select *` whose
 * columns changed).
 *
 * A statement that matches a parameter with LIKE stays unnamed: after five runs PostgreSQL plans a named
 * statement once for any value (a generic plan), and a generic plan cannot use a trigram index for a pattern it
 * has not seen — a dataset query's LIKE then walked every record through the primary key (2.4 ms for 10,000
 * records, where the pattern's own plan reads the trigram index in 0.1 ms).
 */
export class PreparedStatementNames {
  readonly #seen = new Set<string>();
  readonly #names = new Map<string, string>();

  private readonly limit;
  constructor(limit = 1000) {
    this.limit = limit;
  }

  /** The statement's name, or undefined to run it unnamed. */
  nameOf(sql: string, parameterCount: number): string | undefined {
    if (parameterCount === 0 || likesAParameter.test(sql)) return undefined;
    const name = this.#names.get(sql);
    if (name !== undefined) return name;
    if (this.#names.size >= this.limit) return undefined;
    if (!this.#seen.delete(sql)) {
      if (this.#seen.size < this.limit * 10) this.#seen.add(sql);
      return undefined;
    }
    const created = `hiwar_${this.#names.size + 1}`;
    this.#names.set(sql, created);
    return created;
  }
}

/** The pool as Kysely uses it, its queries with parameters sent as named statements (see above). */
export function withPreparedStatements(pool: pg.Pool, names = new PreparedStatementNames()): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's overloads (SQL text, or a cursor object) pass through
    query: ((sqlOrCursor: any, parameters?: readonly unknown[]) => {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
      const values = [...(parameters ?? [])];
      const name = names.nameOf(sqlOrCursor, values.length);
      return client.query(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values });
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

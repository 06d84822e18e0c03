import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';

export interface AppMigration {
  /** Sorted by name: keep the numeric prefix (0003_datasets, 0004_…). */
  name: string;
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

type Build = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * Dialect-aware column pieces so one migration serves SQLite and PostgreSQL:
 * `.addColumn('user_id', t.id, t.primaryKey)`, `.addColumn('created_at', t.timestamp, t.defaultNow)`.
 */
export function columnTypes(dialect: DialectName) {
  const isPostgres = dialect === 'postgres';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const primaryKey: Build = isPostgres
    ? (column) => column.generatedByDefaultAsIdentity().primaryKey()
    : (column) => column.primaryKey().autoIncrement();
  return {
    /** an auto-increment primary key */
    id: isPostgres ? ('bigint' as const) : ('integer' as const),
    primaryKey,
    /** a column referring to an id */
    ref: isPostgres ? ('bigint' as const) : ('integer' as const),
    timestamp: isPostgres ? ('timestamptz' as const) : ('text' as const),
    defaultNow: ((column) => column.notNull().defaultTo(now)) as Build,
    json: isPostgres ? ('jsonb' as const) : ('text' as const),
    jsonDefault:
      (value: unknown): Build =>
      (column) =>
        column.notNull().defaultTo(JSON.stringify(value)),
    /** a foreign key that disappears with its parent row */
    references:
      (target: string): Build =>
      (column) =>
        column.notNull().references(target).onDelete('cascade'),
  };
}

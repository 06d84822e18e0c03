import { type CommandListItem, type CommandRecord, PAGE_SIZE } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { CommandsTable } from '../../platform/db/tables.ts';

export type CommandRow = Selectable<CommandsTable>;

export interface NewCommand {
  userId: number;
  serviceId: number;
  name: string;
  description?: string;
  lang?: string;
  status?: number;
}

export async function insertCommand(db: Database, command: NewCommand): Promise<number> {
  const row = await db
    .insertInto('commands')
    .values({
      user_id: command.userId,
      command_service_id: command.serviceId,
      command_name: command.name,
      command_description: command.description ?? '',
      command_lang: command.lang ?? 'ar',
      command_status: command.status ?? 1,
    })
    .returning('command_id')
    .executeTakeFirstOrThrow();
  return row.command_id;
}

export async function countCommands(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('commands')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Commands joined with their service's name, as every command answer carries it. */
function commandsWithServiceName(db: Database) {
  return db
    .selectFrom('commands')
    .innerJoin('services', 'services.service_id', 'commands.command_service_id')
    .selectAll('commands')
    .select('services.service_name');
}

export function findOwnCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<CommandRecord | undefined> {
  return commandsWithServiceName(db)
    .where('commands.command_id', '=', commandId)
    .where('commands.user_id', '=', userId)
    .executeTakeFirst();
}

/** A command the user may copy: their own, or one in a public service. */
export function findReadableCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<CommandRecord | undefined> {
  return commandsWithServiceName(db)
    .where('commands.command_id', '=', commandId)
    .where((eb) => eb.or([eb('commands.user_id', '=', userId), eb('services.is_public', '=', 1)]))
    .executeTakeFirst();
}

/** One page of a service's commands, oldest first, optionally filtered by keywords in name or description. */
export async function listCommandsPage(
  db: Database,
  serviceId: number,
  { page, keywords }: { page: number; keywords: string },
): Promise<{ rows: CommandRecord[]; total: number }> {
  let query = commandsWithServiceName(db).where('commands.command_service_id', '=', serviceId);
  if (keywords !== '') {
    query = query.where((eb) =>
      eb.or([
        containsKeywords('commands.command_name', keywords),
        containsKeywords('commands.command_description', keywords),
      ]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query.orderBy('commands.command_id').limit(PAGE_SIZE).offset(offsetOf(page)).execute();
  return { rows, total: Number(counted.count) };
}

export function listOwnerCommands(db: Database, userId: number): Promise<CommandListItem[]> {
  return db
    .selectFrom('commands')
    .innerJoin('services', 'services.service_id', 'commands.command_service_id')
    .select(['commands.command_id', 'commands.command_name', 'services.service_name'])
    .where('commands.user_id', '=', userId)
    .orderBy('services.service_name')
    .orderBy('commands.command_id')
    .execute();
}

/** Names of the commands of the given services, for the service pickers. */
export async function listCommandNamesOfServices(
  db: Database,
  serviceIds: number[],
): Promise<{ command_service_id: number; command_id: number; command_name: string }[]> {
  if (serviceIds.length === 0) return [];
  return db
    .selectFrom('commands')
    .select(['command_service_id', 'command_id', 'command_name'])
    .where('command_service_id', 'in', serviceIds)
    .orderBy('command_id')
    .execute();
}

export function listCommandsOfService(db: Database, serviceId: number): Promise<CommandRow[]> {
  return db
    .selectFrom('commands')
    .selectAll()
    .where('command_service_id', '=', serviceId)
    .orderBy('command_id')
    .execute();
}

export async function listCommandNamesInService(db: Database, serviceId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('commands')
    .select('command_name')
    .where('command_service_id', '=', serviceId)
    .execute();
  return rows.map((row) => row.command_name);
}

export async function isOwnCommand(db: Database, userId: number, commandId: number): Promise<boolean> {
  const row = await db
    .selectFrom('commands')
    .select('command_id')
    .where('command_id', '=', commandId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface CommandChanges {
  command_name: string;
  command_description: string;
  command_lang: string;
}

export async function updateCommand(db: Database, commandId: number, changes: CommandChanges): Promise<void> {
  await db
    .updateTable('commands')
    .set({ ...changes, updated_at: nowIso() })
    .where('command_id', '=', commandId)
    .execute();
}

/** Answers whether the owner's command existed. */
export async function setCommandStatus(
  db: Database,
  userId: number,
  commandId: number,
  status: number,
): Promise<boolean> {
  const result = await db
    .updateTable('commands')
    .set({ command_status: status, updated_at: nowIso() })
    .where('command_id', '=', commandId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCommandRows(db: Database, commandIds: number[]): Promise<void> {
  if (commandIds.length === 0) return;
  await db.deleteFrom('commands').where('command_id', 'in', commandIds).execute();
}

import type { Database } from '../../platform/db/database.ts';

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

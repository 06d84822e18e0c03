import type { CommandRecord, saveCommandRequest } from '@hiwar/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnService } from '../services/service-repository.ts';
import {
  findOwnCommand,
  findReadableCommand,
  insertCommand,
  listCommandNamesInService,
  updateCommand,
} from './command-repository.ts';
import { copyCommands } from './copy-commands.ts';
import { copyNameOf } from './copy-name.ts';
import { deleteCommandsWithContent } from './delete-commands.ts';

type SaveCommandInput = z.output<typeof saveCommandRequest>;

async function requireOwnService(db: Database, userId: number, serviceId: number) {
  const service = await findOwnService(db, userId, serviceId);
  if (!service) throw new AppError('not_found');
  return service;
}

export async function requireOwnCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<CommandRecord> {
  const command = await findOwnCommand(db, userId, commandId);
  if (!command) throw new AppError('not_found');
  return command;
}

/** Creates (commandId 0) or updates a command of the owner's service; answers its id. */
export async function saveCommand(
  db: Database,
  target: { userId: number; serviceId: number; commandId: number },
  input: SaveCommandInput,
): Promise<number> {
  await requireOwnService(db, target.userId, target.serviceId);
  if (target.commandId === 0) {
    return insertCommand(db, {
      userId: target.userId,
      serviceId: target.serviceId,
      name: input.command_name,
      description: input.command_description,
      lang: input.command_lang,
    });
  }
  const command = await requireOwnCommand(db, target.userId, target.commandId);
  if (command.command_service_id !== target.serviceId) throw new AppError('not_found');
  await updateCommand(db, command.command_id, input);
  return command.command_id;
}

/** Deletes the owner's command with its variables and examples in one transaction. */
export async function deleteCommand(db: Database, userId: number, commandId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const command = await requireOwnCommand(trx, userId, commandId);
    await deleteCommandsWithContent(trx, [command.command_id]);
  });
}

/**
 * Copies a command (the owner's, or one in a public service) with its variables and examples into the owner's
 * target service; the copy is renamed when the target already has a command of that name.
 */
export async function cloneCommand(
  db: Database,
  target: { userId: number; serviceId: number; commandId: number },
): Promise<CommandRecord> {
  const copiedId = await db.transaction().execute(async (trx) => {
    await requireOwnService(trx, target.userId, target.serviceId);
    const source = await findReadableCommand(trx, target.userId, target.commandId);
    if (!source) throw new AppError('not_found');
    const taken = await listCommandNamesInService(trx, target.serviceId);
    const commandIdMap = await copyCommands(trx, {
      userId: target.userId,
      targetServiceId: target.serviceId,
      sources: [source],
      nameOf: (row) =>
        taken.includes(row.command_name) ? copyNameOf(row.command_name, taken) : row.command_name,
    });
    return commandIdMap.get(source.command_id);
  });
  if (copiedId === undefined) throw new AppError('not_found');
  return requireOwnCommand(db, target.userId, copiedId);
}

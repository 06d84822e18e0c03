import type { CommandRecord, saveCommandRequest } from '@hiwar/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnService } from '../services/service-repository.ts';
import { findOwnCommand, insertCommand, updateCommand } from './command-repository.ts';

type SaveCommandInput = z.output<typeof saveCommandRequest>;

export async function requireOwnService(db: Database, userId: number, serviceId: number) {
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

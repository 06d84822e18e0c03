import type { CommandRecord, ServiceListEntry, ServiceRecord } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { requireOwnCommand, requireOwnService } from '../commands/command-actions.ts';
import {
  findReadableCommand,
  listCommandNamesInService,
  listCommandNamesOfServices,
  listCommandsOfService,
} from '../commands/command-repository.ts';
import { copyNameOf } from '../commands/copy-name.ts';
import {
  deleteServiceRow,
  findOwnService,
  findReadableService,
  insertService,
  listReadableServices,
  listServiceNames,
} from '../services/service-repository.ts';
import { copyCommands } from './copy-commands.ts';
import { deleteCommandsWithContent } from './delete-commands.ts';

/*
 * A service's or a command's whole tree — its commands, their variables, examples and responses — copied or
 * deleted in one transaction. It sits above the modules whose rows it copies (ARCHITECTURE.md "Floors").
 */

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

/** Deletes the owner's service with its commands and everything under them, in one transaction. */
export async function deleteService(db: Database, userId: number, serviceId: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    if (!(await findOwnService(trx, userId, serviceId))) throw new AppError('not_found');
    const commandIds = (await listCommandsOfService(trx, serviceId)).map((command) => command.command_id);
    await deleteCommandsWithContent(trx, commandIds);
    await deleteServiceRow(trx, userId, serviceId);
    return commandIds;
  });
}

/**
 * Copies the owner's or a public service into the owner's account as "X (copy)", with its commands, variables
 * and examples, in one transaction. The copy is private.
 */
export async function cloneService(
  db: Database,
  userId: number,
  serviceId: number,
): Promise<{ service: ServiceRecord; commandIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const source = await findReadableService(trx, userId, serviceId);
    if (!source) throw new AppError('not_found');
    const name = copyNameOf(source.service_name, await listServiceNames(trx, userId));
    const copiedId = await insertService(trx, {
      userId,
      name,
      description: source.service_description,
      status: source.service_status,
    });
    const sources = await listCommandsOfService(trx, source.service_id);
    const commandIdMap = await copyCommands(trx, { userId, targetServiceId: copiedId, sources });
    const service = await findOwnService(trx, userId, copiedId);
    if (!service) throw new Error('the copied service disappeared inside its transaction');
    return { service, commandIds: [...commandIdMap.values()] };
  });
}

/** The pickers' lists: the owner's services, and other owners' public ones, each with its command names. */
export async function listServicesWithCommands(
  db: Database,
  userId: number,
): Promise<{ private: ServiceListEntry[]; public: ServiceListEntry[] }> {
  const services = await listReadableServices(db, userId);
  const commands = await listCommandNamesOfServices(
    db,
    services.map((service) => service.service_id),
  );
  const entries = services.map((service) => ({
    owned: service.user_id === userId,
    entry: {
      service_id: service.service_id,
      service_name: service.service_name,
      commands: commands
        .filter((command) => command.command_service_id === service.service_id)
        .map(({ command_id, command_name }) => ({ command_id, command_name })),
    },
  }));
  return {
    private: entries.filter((item) => item.owned).map((item) => item.entry),
    public: entries.filter((item) => !item.owned).map((item) => item.entry),
  };
}

import {
  type ServiceListEntry,
  type ServiceRecord,
  type saveServiceRequest,
  serviceMessages,
} from '@hiwar/contracts';
import type { z } from 'zod';
import { uniqueViolationColumns } from '../../platform/db/constraint-errors.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listCommandNamesOfServices, listCommandsOfService } from '../commands/command-repository.ts';
import { copyCommands } from '../commands/copy-commands.ts';
import { copyNameOf } from '../commands/copy-name.ts';
import { deleteCommandsWithContent } from '../commands/delete-commands.ts';
import {
  deleteServiceRow,
  findOwnService,
  findReadableService,
  insertService,
  isServiceNameTaken,
  listReadableServices,
  listServiceNames,
  updateService,
} from './service-repository.ts';

type SaveServiceInput = z.output<typeof saveServiceRequest>;

const nameTaken = () => AppError.invalidField('service_name', serviceMessages.nameTaken);

/** The unique (owner, name) index backs the friendly check when two saves race. */
async function withNameUniqueness<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationColumns(error)?.includes('service_name')) throw nameTaken();
    throw error;
  }
}

/** Creates (serviceId null) or updates the owner's service; answers its id. Names are unique per owner. */
export async function saveService(
  db: Database,
  userId: number,
  serviceId: number | null,
  input: SaveServiceInput,
): Promise<number> {
  if (serviceId !== null && !(await findOwnService(db, userId, serviceId))) throw new AppError('not_found');
  if (await isServiceNameTaken(db, userId, input.service_name, serviceId ?? undefined)) throw nameTaken();
  if (serviceId === null) {
    return withNameUniqueness(() =>
      insertService(db, {
        userId,
        name: input.service_name,
        description: input.service_description,
        status: input.service_status ?? 1,
        isPublic: input.is_public ?? 0,
      }),
    );
  }
  await withNameUniqueness(() => updateService(db, userId, serviceId, input));
  return serviceId;
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

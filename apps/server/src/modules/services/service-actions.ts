import { type saveServiceRequest, serviceMessages } from '@hiwar/contracts';
import type { z } from 'zod';
import { uniqueViolationColumns } from '../../platform/db/constraint-errors.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnService, insertService, isServiceNameTaken, updateService } from './service-repository.ts';

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

import { PAGE_SIZE, type ServiceRecord } from '@hiwar/contracts';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';

export interface NewService {
  userId: number;
  name: string;
  description?: string;
  status?: number;
  isPublic?: number;
}

export async function insertService(db: Database, service: NewService): Promise<number> {
  const row = await db
    .insertInto('services')
    .values({
      user_id: service.userId,
      service_name: service.name,
      service_description: service.description ?? '',
      service_status: service.status ?? 1,
      is_public: service.isPublic ?? 0,
    })
    .returning('service_id')
    .executeTakeFirstOrThrow();
  return row.service_id;
}

export async function countServices(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findOwnService(
  db: Database,
  userId: number,
  serviceId: number,
): Promise<ServiceRecord | undefined> {
  return db
    .selectFrom('services')
    .selectAll()
    .where('service_id', '=', serviceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A service the user may read and clone: their own or a public one. */
export function findReadableService(
  db: Database,
  userId: number,
  serviceId: number,
): Promise<ServiceRecord | undefined> {
  return db
    .selectFrom('services')
    .selectAll()
    .where('service_id', '=', serviceId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
    .executeTakeFirst();
}

/** One page of the owner's services, newest first, optionally filtered by keywords in name or description. */
export async function listServicesPage(
  db: Database,
  userId: number,
  { page, search }: { page: number; search: string },
): Promise<{ rows: ServiceRecord[]; total: number }> {
  let query = db.selectFrom('services').where('user_id', '=', userId);
  if (search !== '') {
    query = query.where((eb) =>
      eb.or([containsKeywords('service_name', search), containsKeywords('service_description', search)]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('service_id', 'desc')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return { rows, total: Number(counted.count) };
}

/** Services of the owner plus everyone's public ones, for the pickers. */
export function listReadableServices(
  db: Database,
  userId: number,
): Promise<{ service_id: number; service_name: string; user_id: number }[]> {
  return db
    .selectFrom('services')
    .select(['service_id', 'service_name', 'user_id'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
    .orderBy('service_name')
    .orderBy('service_id')
    .execute();
}

export async function isServiceNameTaken(
  db: Database,
  userId: number,
  name: string,
  exceptServiceId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('services')
    .select('service_id')
    .where('user_id', '=', userId)
    .where('service_name', '=', name);
  if (exceptServiceId !== undefined) query = query.where('service_id', '!=', exceptServiceId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function listServiceNames(db: Database, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('services').select('service_name').where('user_id', '=', userId).execute();
  return rows.map((row) => row.service_name);
}

export interface ServiceChanges {
  service_name: string;
  service_description: string;
  service_status?: number;
  is_public?: number;
}

export async function updateService(
  db: Database,
  userId: number,
  serviceId: number,
  changes: ServiceChanges,
): Promise<void> {
  await db
    .updateTable('services')
    .set({ ...changes, updated_at: nowIso() })
    .where('service_id', '=', serviceId)
    .where('user_id', '=', userId)
    .execute();
}

/** Answers whether the owner's service existed. */
export async function setServiceStatus(
  db: Database,
  userId: number,
  serviceId: number,
  status: number,
): Promise<boolean> {
  const result = await db
    .updateTable('services')
    .set({ service_status: status, updated_at: nowIso() })
    .where('service_id', '=', serviceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteServiceRow(db: Database, userId: number, serviceId: number): Promise<void> {
  await db.deleteFrom('services').where('service_id', '=', serviceId).where('user_id', '=', userId).execute();
}

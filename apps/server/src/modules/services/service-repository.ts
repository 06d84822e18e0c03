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

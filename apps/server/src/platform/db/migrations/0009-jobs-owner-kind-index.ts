import type { AppMigration } from './column-types.ts';

/**
 * The owner's last finished training is read on every check-if-free (the console asks every 10 s while a
 * training runs); every example save also queues a job, so without this index that read scans the whole queue.
 */
export const jobsOwnerKindIndex: AppMigration = {
  name: '0009_jobs_owner_kind_index',
  async up(db) {
    await db.schema
      .createIndex('jobs_owner_kind_finished')
      .on('jobs')
      .columns(['user_id', 'kind', 'finished_at'])
      .execute();
  },
};

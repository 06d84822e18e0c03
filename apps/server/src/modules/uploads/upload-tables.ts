import type { Generated } from 'kysely';
import type { CreatedAt } from '../../platform/db/tables.ts';

/** `uploads` (migration 0014): one image an owner uploaded; the file is DATA_DIR/uploads/<file>. */
export interface UploadsTable {
  upload_id: Generated<number>;
  user_id: number;
  kind: string;
  file: string;
  bytes: number;
  created_at: CreatedAt;
}

export type UploadTables = {
  uploads: UploadsTable;
};

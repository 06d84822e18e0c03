import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  messages,
  UPLOAD_IMAGE_FIELD,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOADS_PER_DAY_MAX,
  type UploadImageKind,
  uploadMessages,
} from '@hiwar/contracts';
import { DAY_MS, isoAfter } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { storeImage } from '../../platform/http/stored-image.ts';
import type { UploadedFile } from '../../platform/http/uploaded-file.ts';
import { countUploadsSince, insertUpload } from './upload-repository.ts';

/** Uploaded images live in DATA_DIR/uploads and are served read-only at UPLOADS_URL_PREFIX. */
export const UPLOADS_URL_PREFIX = '/api/uploads/';

export function uploadsDirOf(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export interface UploadContext {
  db: Database;
  dataDir: string;
}

/**
 * Stores one PNG or JPEG image of the owner's (checked by its declared type and its bytes, at most 3 MB, at
 * most UPLOADS_PER_DAY_MAX a day) under a random name; answers its URL.
 */
export async function uploadImage(
  { db, dataDir }: UploadContext,
  userId: number,
  kind: UploadImageKind,
  upload: UploadedFile | undefined,
): Promise<string> {
  if (!upload) throw AppError.invalidField(UPLOAD_IMAGE_FIELD, messages.required);
  const today = await countUploadsSince(db, userId, isoAfter(-DAY_MS));
  if (today >= UPLOADS_PER_DAY_MAX) throw new AppError('throttled', uploadMessages.quotaReached);
  const dir = uploadsDirOf(dataDir);
  const file = await storeImage(dir, upload, { field: UPLOAD_IMAGE_FIELD, maxBytes: UPLOAD_IMAGE_MAX_BYTES });
  try {
    await insertUpload(db, userId, { kind, file, bytes: upload.bytes.length });
  } catch (error) {
    await rm(join(dir, file), { force: true });
    throw error;
  }
  return `${UPLOADS_URL_PREFIX}${file}`;
}

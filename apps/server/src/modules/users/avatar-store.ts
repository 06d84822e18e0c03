import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AVATAR_MAX_BYTES } from '@hiwar/contracts';
import { storeImage } from '../../platform/http/stored-image.ts';
import type { UploadedFile } from '../../platform/http/uploaded-file.ts';

/** Checks an uploaded avatar (JPEG or PNG, declared and by its bytes) and writes it; answers the file name. */
export function storeAvatar(avatarsDir: string, upload: UploadedFile): Promise<string> {
  return storeImage(avatarsDir, upload, { field: 'avatar', maxBytes: AVATAR_MAX_BYTES });
}

export async function removeAvatar(avatarsDir: string, fileName: string | null): Promise<void> {
  if (!fileName) return;
  await rm(join(avatarsDir, basename(fileName)), { force: true });
}

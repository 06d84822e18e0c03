import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, messages } from '@hiwar/contracts';
import { AppError } from '../../platform/http/app-error.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type from the file's magic bytes (the declared content type is not trusted). */
export function imageExtensionOf(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpg';
  return null;
}

export interface UploadedFile {
  bytes: Buffer;
  /** the Content-Type the client declared for the part */
  declaredType: string;
}

function isAcceptedType(declaredType: string): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(declaredType.toLowerCase());
}

/**
 * Checks an uploaded avatar (declared type image/jpeg or image/png AND the matching magic bytes) and writes it
 * under a random name; answers the file name.
 */
export async function storeAvatar(avatarsDir: string, upload: UploadedFile): Promise<string> {
  const { bytes } = upload;
  if (bytes.length > AVATAR_MAX_BYTES) throw AppError.invalidField('avatar', messages.fileTooLarge);
  const extension = imageExtensionOf(bytes);
  if (!extension || !isAcceptedType(upload.declaredType)) {
    throw AppError.invalidField('avatar', messages.fileTypeUnsupported);
  }
  const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
  await writeFile(join(avatarsDir, fileName), bytes, { flag: 'wx' });
  return fileName;
}

export async function removeAvatar(avatarsDir: string, fileName: string | null): Promise<void> {
  if (!fileName) return;
  await rm(join(avatarsDir, basename(fileName)), { force: true });
}

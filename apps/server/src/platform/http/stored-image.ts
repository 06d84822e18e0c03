import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messages, UPLOAD_IMAGE_TYPES } from '@hiwar/contracts';
import { AppError } from './app-error.ts';
import type { UploadedFile } from './uploaded-file.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type from the file's magic bytes (the declared content type is not trusted). */
export function imageExtensionOf(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpg';
  return null;
}

function isAcceptedType(declaredType: string): boolean {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(declaredType.toLowerCase());
}

export interface StoredImageRules {
  /** the form field named in a refusal */
  field: string;
  maxBytes: number;
}

/**
 * Checks an uploaded image (declared type image/jpeg or image/png AND the matching magic bytes, at most
 * `maxBytes`) and writes it into `dir` under a random name; answers the file name. The client's file name is
 * never used, so no upload can name a path.
 */
export async function storeImage(
  dir: string,
  upload: UploadedFile,
  rules: StoredImageRules,
): Promise<string> {
  const { bytes } = upload;
  if (bytes.length > rules.maxBytes) throw AppError.invalidField(rules.field, messages.fileTooLarge);
  const extension = imageExtensionOf(bytes);
  if (!extension || !isAcceptedType(upload.declaredType)) {
    throw AppError.invalidField(rules.field, messages.fileTypeUnsupported);
  }
  const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
  await writeFile(join(dir, fileName), bytes, { flag: 'wx' });
  return fileName;
}

import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messages, UPLOAD_IMAGE_TYPES } from '@hiwar/contracts';
import sharp from 'sharp';
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

/** Larger images are refused before they are decoded (a "decompression bomb" of a few KB). */
const MAX_PIXELS = 40_000_000;

/**
 * The image decoded and encoded again in its own format: what is stored is pixels, never the bytes a client
 * sent — a PNG signature in front of HTML does not decode and is refused, and the metadata a phone writes (GPS
 * position, camera, time) is dropped. The EXIF orientation is applied first, so the picture stays upright.
 * Answers null for anything that is not a whole PNG or JPEG.
 */
export async function reencodeImage(
  bytes: Buffer,
): Promise<{ bytes: Buffer; extension: 'png' | 'jpg' } | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
    const { format } = await image.metadata();
    if (format === 'png') return { bytes: await image.rotate().png().toBuffer(), extension: 'png' };
    if (format === 'jpeg')
      return { bytes: await image.rotate().jpeg({ quality: 90 }).toBuffer(), extension: 'jpg' };
    return null;
  } catch {
    return null;
  }
}

export interface StoredImageRules {
  /** the form field named in a refusal */
  field: string;
  maxBytes: number;
}

/**
 * Checks an uploaded image (declared type image/jpeg or image/png, the matching magic bytes, at most `maxBytes`,
 * and a whole image that decodes), and writes it into `dir`, encoded again without its metadata, under a random
 * name; answers the file name. The client's file name is never used, so no upload can name a path.
 */
export async function storeImage(
  dir: string,
  upload: UploadedFile,
  rules: StoredImageRules,
): Promise<string> {
  const { bytes } = upload;
  if (bytes.length > rules.maxBytes) throw AppError.invalidField(rules.field, messages.fileTooLarge);
  const claimed = imageExtensionOf(bytes);
  const image = claimed && isAcceptedType(upload.declaredType) ? await reencodeImage(bytes) : null;
  if (!image || image.extension !== claimed) {
    throw AppError.invalidField(rules.field, messages.fileTypeUnsupported);
  }
  const fileName = `${randomBytes(16).toString('hex')}.${image.extension}`;
  await writeFile(join(dir, fileName), image.bytes, { flag: 'wx' });
  return fileName;
}

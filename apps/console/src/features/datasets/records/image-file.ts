import { type MessageKey, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_TYPES } from '@hiwar/contracts';

/** Spec part 2 §9 "Max image size constant 3": megabytes. */
export const IMAGE_MAX_MEGABYTES = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);
export const IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(',');

/** The catalogue message for an image the upload would refuse (not png or jpeg, over 3 MB), or null. */
export function imageFileProblem(file: File): MessageKey | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'fileTypeUnsupported';
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) return 'fileTooLarge';
  return null;
}

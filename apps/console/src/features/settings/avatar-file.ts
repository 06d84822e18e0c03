import { AVATAR_MAX_BYTES, AVATAR_TYPES, type MessageKey } from '@hiwar/contracts';

export const AVATAR_MAX_MEGABYTES = AVATAR_MAX_BYTES / (1024 * 1024);

/** The catalogue message for an avatar the server would refuse, or null when it is acceptable. */
export function avatarFileProblem(file: File): MessageKey | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'fileTypeUnsupported';
  if (file.size > AVATAR_MAX_BYTES) return 'fileTooLarge';
  return null;
}

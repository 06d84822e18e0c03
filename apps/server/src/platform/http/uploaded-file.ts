import type { MultipartFile } from '@fastify/multipart';

export interface UploadedFile {
  bytes: Buffer;
  /** the Content-Type the client declared for the part */
  declaredType: string;
}

/**
 * `onFile` for acceptMultipartBodies: the part is buffered (within the route's size limit) together with its
 * declared content type, and becomes the body's value for its field. The part's file name is never used.
 */
export async function bufferUpload(part: MultipartFile): Promise<void> {
  const upload: UploadedFile = { bytes: await part.toBuffer(), declaredType: part.mimetype };
  Object.assign(part, { value: upload });
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).bytes);
}

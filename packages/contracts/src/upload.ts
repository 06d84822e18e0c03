import { z } from 'zod';
import { okWith } from './envelope.ts';
import { AVATAR_TYPES } from './user.ts';

/** Messages of image uploads besides the catalogue's fileTooLarge and fileTypeUnsupported. */
export const uploadMessages = {
  kindInvalid: 'The selected upload kind is invalid',
  quotaReached: 'You have uploaded too many files today, please try again tomorrow',
} as const;

/** Where an uploaded image is used: the response editor's static cards, a dataset's image cells. */
export const uploadImageKinds = ['static-cards', 'dataset'] as const;
export type UploadImageKind = (typeof uploadImageKinds)[number];

/** Spec part 2 §9 "Max image size constant 3": megabytes, as for avatars. */
export const UPLOAD_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = AVATAR_TYPES;
/** The multipart field that carries the file. */
export const UPLOAD_IMAGE_FIELD = 'image';
/** Files one owner may upload in 24 hours. */
export const UPLOADS_PER_DAY_MAX = 200;

export const uploadImageParams = z.object({
  kind: z.enum(uploadImageKinds, { error: uploadMessages.kindInvalid }),
});

/** The multipart body's text fields: none are read; the file arrives in the `image` part. */
export const uploadImageRequest = z
  .object({})
  .describe('multipart/form-data with one file part named `image`: PNG or JPEG, at most 3 MB');

/** `url` is served read-only at the server's origin: `/api/uploads/<random>.png`. */
export const uploadImageResponse = okWith(z.object({ url: z.string() }));
export type UploadImageResponse = z.infer<typeof uploadImageResponse>;

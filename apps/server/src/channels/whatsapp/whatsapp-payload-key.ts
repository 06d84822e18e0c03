/** WhatsApp refuses a reply button id over 256 characters and a list row id over 200. */
export const MAX_BUTTON_ID_LENGTH = 256;
export const MAX_ROW_ID_LENGTH = 200;

export { shortPayloadKey } from '../payload-key.ts';

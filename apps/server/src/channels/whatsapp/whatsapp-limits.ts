/**
 * The Cloud API's limits the renderer keeps (Meta's "Messages" reference; PLATFORM-NOTES.md), counted in UTF-16
 * code units — never more than WhatsApp's own count of characters.
 */
export const WHATSAPP_LIMITS = {
  /** `text.body` */
  textLength: 4096,
  /** `image.caption`, `video.caption` */
  captionLength: 1024,
  /** `interactive.body.text` */
  interactiveBodyLength: 1024,
  /** reply buttons per `button` message, and each title */
  replyButtons: 3,
  replyButtonTitleLength: 20,
  /** rows in all sections of a `list` message, row title and description, section title, the list button */
  listRows: 10,
  listRowTitleLength: 24,
  listRowDescriptionLength: 72,
  listSectionTitleLength: 24,
  listButtonLength: 20,
  /** `location.name` (not documented as a hard limit; kept short) */
  locationNameLength: 1000,
} as const;

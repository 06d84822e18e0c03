/**
 * How WhatsApp names an approved message template: lower-case letters, digits and underscores,
 * up to 512; its language a code such as `en_US`, `ar`, `de` or `pt_BR`.
 */
export const WHATSAPP_TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
export const WHATSAPP_TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2,4})?$/;

import {
  type GeneratedMessengerFields,
  SNIPPET_LOCALE_PLACEHOLDER,
  SNIPPET_SENDER_PLACEHOLDER,
} from '@hiwar/contracts';

/** Where the widget and webhooks are reached: PUBLIC_URL when the operator set it, else the request's origin. */
export function publicBaseUrl(
  configuredPublicUrl: string,
  request: { protocol: string; host: string },
): string {
  if (configuredPublicUrl) return configuredPublicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * The snippets an owner pastes into a web page, and the WhatsApp web hook address. The page that embeds the
 * iframe replaces SENDER_ID with its visitor's random id and LOCALE with en or ar; the widget serves these paths.
 */
export function generateMessengerFields(
  baseUrl: string,
  userToken: string,
  size: { width: number; height: number },
): GeneratedMessengerFields {
  const bot = encodeURIComponent(userToken);
  const frameUrl = `${baseUrl}/widget/frame.html?bot=${bot}&sender=${SNIPPET_SENDER_PLACEHOLDER}&locale=${SNIPPET_LOCALE_PLACEHOLDER}`;
  return {
    iframe_tag: `<iframe src="${frameUrl}" width="${size.width}" height="${size.height}" style="border:0" title="Chat" allow="microphone"></iframe>`,
    embed_code: `<script src="${baseUrl}/widget/embed.js" data-bot="${bot}" data-locale="${SNIPPET_LOCALE_PLACEHOLDER}" async></script>`,
    whatsapp_web_hook: `${baseUrl}/hooks/whatsapp/${bot}`,
  };
}

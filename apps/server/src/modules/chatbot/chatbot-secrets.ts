import type { ChatbotApps, SaveChatbotInput } from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';

/** The credential fields that are secrets: stored encrypted, answered decrypted only to the owner. */
const SECRET_CREDENTIALS = new Set(['verify_token', 'token', 'access_token', 'credentials']);

type Transform = (value: string) => string;

function mapCredentials<T extends object>(credentials: T, transform: Transform): T {
  const result = { ...credentials } as Record<string, unknown>;
  for (const [field, value] of Object.entries(result)) {
    if (SECRET_CREDENTIALS.has(field) && typeof value === 'string') result[field] = transform(value);
  }
  return result as T;
}

function mapApp<T extends { chatbot_app_credentials: object }>(app: T, transform: Transform): T {
  return { ...app, chatbot_app_credentials: mapCredentials(app.chatbot_app_credentials, transform) };
}

function mapApps(apps: ChatbotApps, transform: Transform): ChatbotApps {
  return {
    facebook: apps.facebook.map((page) => mapApp(page, transform)),
    telegram: mapApp(apps.telegram, transform),
    whatsapp: mapApp(apps.whatsapp, transform),
    hangouts: mapApp(apps.hangouts, transform),
  };
}

type Messenger = SaveChatbotInput['messenger_settings'];

function mapMessenger(settings: Messenger, transform: Transform): Messenger {
  return { ...settings, voice: { ...settings.voice, credentials: transform(settings.voice.credentials) } };
}

/** The channel tokens and the speech credentials, encrypted for storage. */
export function sealSecrets(settings: SaveChatbotInput, secrets: SecretBox): SaveChatbotInput {
  const encrypt = (value: string) => secrets.encrypt(value);
  return {
    ...settings,
    apps: mapApps(settings.apps, encrypt),
    messenger_settings: mapMessenger(settings.messenger_settings, encrypt),
  };
}

export function openSecrets(settings: SaveChatbotInput, secrets: SecretBox): SaveChatbotInput {
  const decrypt = (value: string) => secrets.decrypt(value);
  return {
    ...settings,
    apps: mapApps(settings.apps, decrypt),
    messenger_settings: mapMessenger(settings.messenger_settings, decrypt),
  };
}

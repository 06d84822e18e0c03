import type { ComponentDefinition } from './built-in-component.ts';

/** Sender › Sender profile: who is talking, as the channel named them. */
export const senderProfileComponent: ComponentDefinition = {
  id: 1,
  name: 'Sender profile',
  category: 'Sender',
  description: 'The sender’s id, name, username, platform and the language of their last message.',
  fields: [
    { name: 'id', label: 'Sender id' },
    { name: 'name', label: 'Full name' },
    { name: 'username', label: 'Username' },
    { name: 'platform', label: 'Platform' },
    { name: 'language', label: 'Language of the last message' },
  ],
  dataTypes: ['single'],
  defaultTitleKey: 'id',
  provide: async ({ sender, lang }) => [
    {
      id: sender.senderId,
      name: sender.name ?? '',
      username: sender.username ?? '',
      platform: sender.platform,
      language: lang,
    },
  ],
};

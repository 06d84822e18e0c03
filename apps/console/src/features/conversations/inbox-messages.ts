import { inboxMessages } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { failureMessage } from '../../lib/form-errors.ts';

/** An inbox message of the contracts or the server in the current language (`conversations.messages`). */
export function localizeInboxMessage(t: TFunction, text: string): string {
  return localizeCatalogueMessage(t, inboxMessages, 'conversations', text);
}

/** A call that worked: its message as a green toast (or `fallback` when it answered none). */
export function toastDone(t: TFunction, message: string, fallback: string) {
  notifications.show({ color: 'green', message: message ? localizeInboxMessage(t, message) : fallback });
}

/** A call that failed: the server's message as a red toast. */
export function toastFailure(t: TFunction, error: unknown) {
  notifications.show({
    color: 'red',
    message: localizeInboxMessage(t, failureMessage(error, t, t('messages.serverError'))),
  });
}

import {
  type NotificationData,
  type NotificationPlatform,
  type NotificationType,
  notificationData,
  type redirectTypes,
} from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { issuesToErrors } from './subscription-messages.ts';

/** The Platform choice: every platform is the contract's null. */
export type PlatformChoice = NotificationPlatform | 'all';

export interface NotificationButtonValues {
  item_label_key: string;
  item_value_key: string;
}

/** The Send form as the owner edits it. */
export interface NotificationValues {
  type: NotificationType;
  title: string;
  subtitle: string;
  media: string;
  buttons: NotificationButtonValues[];
  redirect_type: (typeof redirectTypes)[number];
  redirect_link: string;
  platform: PlatformChoice;
}

export const initialNotificationValues: NotificationValues = {
  type: 'text',
  title: '',
  subtitle: '',
  media: '',
  buttons: [],
  redirect_type: 'web_wedgit',
  redirect_link: '',
  platform: 'all',
};

export function platformOf(choice: PlatformChoice): NotificationPlatform | null {
  return choice === 'all' ? null : choice;
}

/**
 * What `data` of the send carries (a text has no subtitle nor media: the form hides them, so what was typed there
 * under another type is not sent; only a custom link keeps its address).
 */
export function notificationInputOf(values: NotificationValues) {
  return {
    type: values.type,
    title: values.title,
    subtitle: values.type === 'text' ? '' : values.subtitle,
    media: values.type === 'text' ? '' : values.media,
    buttons: values.buttons,
    redirect_type: values.redirect_type,
    redirect_link: values.redirect_type === 'custom_link' ? values.redirect_link : '',
    platform: platformOf(values.platform),
  };
}

/** The contract's rules (spec part 2 §5 "Notification"): the form's errors, or the data to send. */
export function checkNotification(
  values: NotificationValues,
  t: TFunction,
): { errors: FormErrors; data?: NotificationData } {
  const checked = notificationData.safeParse(notificationInputOf(values));
  if (checked.success) return { errors: {}, data: checked.data };
  return { errors: issuesToErrors(checked.error.issues, t) };
}

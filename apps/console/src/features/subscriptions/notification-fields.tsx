import { NOTIFICATION_BUTTONS_MAX, notificationTypes, redirectTypes } from '@hiwar/contracts';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NotificationValues } from './notification-values.ts';
import { listError } from './subscription-messages.ts';

type NotificationForm = UseFormReturnType<NotificationValues>;

/** Up to three buttons, each a label and a value (an address it opens, or a text sent back). */
function ButtonRows({ form }: { form: NotificationForm }) {
  const { t } = useTranslation();
  const { buttons } = form.values;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('subscriptions.send.buttons')}
      </Text>
      {buttons.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; removing one re-renders the rest
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('subscriptions.send.buttonLabelOf', { number: index + 1 })}
            placeholder={t('subscriptions.send.buttonLabel')}
            style={{ flex: 1 }}
            {...form.getInputProps(`buttons.${index}.item_label_key`)}
          />
          <TextInput
            aria-label={t('subscriptions.send.buttonValueOf', { number: index + 1 })}
            placeholder={t('subscriptions.send.buttonValue')}
            style={{ flex: 1 }}
            {...form.getInputProps(`buttons.${index}.item_value_key`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('subscriptions.send.removeButton', { number: index + 1 })}
            onClick={() => form.removeListItem('buttons', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {typeof form.errors.buttons === 'string' && (
        <Text size="xs" c="red">
          {form.errors.buttons}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={buttons.length >= NOTIFICATION_BUTTONS_MAX}
          onClick={() => form.insertListItem('buttons', { item_label_key: '', item_value_key: '' })}
        >
          {t('subscriptions.send.addButton')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the notification says (spec part 2 §3 "Notification data"): type, title, subtitle, media, buttons, redirect. */
export function NotificationFields({ form }: { form: NotificationForm }) {
  const { t } = useTranslation();
  const { type, redirect_type } = form.values;
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500} mb={4} id="notification-type-label">
          {t('subscriptions.send.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="notification-type-label"
          data={notificationTypes.map((value) => ({ value, label: t(`subscriptions.types.${value}`) }))}
          {...form.getInputProps('type')}
        />
      </div>
      <Textarea
        label={type === 'text' ? t('subscriptions.send.text') : t('subscriptions.send.title')}
        withAsterisk={type === 'text' || type === 'card'}
        autosize
        minRows={type === 'text' ? 3 : 1}
        {...form.getInputProps('title')}
      />
      {type !== 'text' && (
        <>
          <Textarea
            label={t('subscriptions.send.subtitle')}
            autosize
            minRows={1}
            {...form.getInputProps('subtitle')}
          />
          <TextInput
            label={t('subscriptions.send.media')}
            description={t('subscriptions.send.mediaHint')}
            placeholder="https://"
            withAsterisk
            dir="ltr"
            {...form.getInputProps('media')}
          />
        </>
      )}
      <ButtonRows form={form} />
      <div>
        <Text size="sm" fw={500} mb={4} id="redirect-type-label">
          {t('subscriptions.send.redirectType')}
        </Text>
        <SegmentedControl
          aria-labelledby="redirect-type-label"
          data={redirectTypes.map((value) => ({ value, label: t(`subscriptions.redirectTypes.${value}`) }))}
          {...form.getInputProps('redirect_type')}
        />
        {listError(form.errors, 'redirect_type') && (
          <Text size="xs" c="red">
            {listError(form.errors, 'redirect_type')}
          </Text>
        )}
      </div>
      {redirect_type === 'custom_link' && (
        <TextInput
          label={t('subscriptions.send.redirectLink')}
          placeholder="https://"
          withAsterisk
          dir="ltr"
          {...form.getInputProps('redirect_link')}
        />
      )}
    </Stack>
  );
}

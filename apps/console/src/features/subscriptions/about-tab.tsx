import { type SaveSubscriptionRequest, saveSubscriptionRequest } from '@hiwar/contracts';
import { Button, Group, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { failureMessage } from '../../lib/form-errors.ts';
import { useOwnerCommands } from '../chatbot/index.ts';
import { ChannelDetails } from './channel-details.tsx';
import { useSubscriptionContext } from './subscription-context.ts';
import {
  issuesToErrors,
  listError,
  localizeSubscriptionMessage,
  subscriptionFieldErrors,
} from './subscription-messages.ts';
import { saveSubscription, subscriptionsKey } from './subscriptions-api.ts';
import {
  type TemplateValues,
  templateFieldOf,
  templateOf,
  WhatsappTemplateFields,
} from './whatsapp-template-fields.tsx';

interface AboutValues extends TemplateValues {
  sc_title: string;
  sc_desc: string;
  /** the Select's value: the command id as text */
  sc_command_id: string | null;
  white_domains: string[];
}

function requestOf(values: AboutValues): SaveSubscriptionRequest {
  return {
    sc_title: values.sc_title,
    sc_desc: values.sc_desc,
    sc_command_id: values.sc_command_id ? Number(values.sc_command_id) : null,
    white_domains: values.white_domains,
    whatsapp_template: templateOf(values),
  };
}

/** Field errors keyed by the form's names (the template's are `whatsapp_template.…` in the contract). */
function formErrorsOf(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, error]) => [templateFieldOf(path), error]));
}

/** The related command picker: the owner's commands by name, with their service. */
function CommandSelect(props: {
  value?: string | null;
  onChange(value: string | null): void;
  error?: unknown;
}) {
  const { t } = useTranslation();
  const commands = useOwnerCommands(true);
  const data = (commands.data ?? []).map((command) => ({
    value: String(command.command_id),
    label: `${command.command_name} (${command.service_name})`,
  }));
  return (
    <Select
      label={t('subscriptions.fields.command')}
      description={t('subscriptions.fields.commandHint')}
      data={data}
      searchable
      clearable
      nothingFoundMessage={t('services.noData')}
      maw={420}
      {...props}
      error={typeof props.error === 'string' ? props.error : undefined}
    />
  );
}

/** /subscription/{id}/about (0 creates): title, description, related command, white domains; then the channel's key and audience. */
export function AboutTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { channelId, channel } = useSubscriptionContext();
  const form = useForm<AboutValues>({
    initialValues: {
      sc_title: '',
      sc_desc: '',
      sc_command_id: null,
      white_domains: [],
      template_name: '',
      template_language: '',
      template_params: [],
    },
    validate: (values) => {
      const checked = saveSubscriptionRequest.safeParse(requestOf(values));
      return checked.success ? {} : formErrorsOf(issuesToErrors(checked.error.issues, t));
    },
  });

  const saved = channel?.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded channel.
  useEffect(() => {
    if (!saved) return;
    form.setValues({
      sc_title: saved.sc_title,
      sc_desc: saved.sc_desc,
      sc_command_id: saved.sc_command_id === null ? null : String(saved.sc_command_id),
      white_domains: saved.white_domains,
      template_name: saved.whatsapp_template?.name ?? '',
      template_language: saved.whatsapp_template?.language ?? '',
      template_params: saved.whatsapp_template?.params ?? [],
    });
    form.resetDirty();
  }, [saved]);

  const mutation = useMutation({
    mutationFn: (values: AboutValues) => saveSubscription(channelId, requestOf(values)),
    onSuccess: (savedId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name'] });
      if (savedId !== channelId) navigate(`/subscription/${savedId}/about`, { replace: true });
    },
    onError: (error) => {
      const errors = formErrorsOf(subscriptionFieldErrors(error, t, 'sc_title'));
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      else
        notifications.show({
          color: 'red',
          message: localizeSubscriptionMessage(t, failureMessage(error, t, t('messages.serverError'))),
        });
    },
  });

  const domainsError = listError(form.errors, 'white_domains');
  return (
    <Stack gap="xl">
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md" maw={640}>
          <TextInput
            label={t('subscriptions.fields.title')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('sc_title')}
          />
          <Textarea
            label={t('subscriptions.fields.desc')}
            autosize
            minRows={2}
            {...form.getInputProps('sc_desc')}
          />
          <CommandSelect {...form.getInputProps('sc_command_id')} />
          <TagsInput
            label={t('subscriptions.fields.whiteDomains')}
            description={t('subscriptions.fields.whiteDomainsHint')}
            placeholder={t('subscriptions.fields.whiteDomainsPlaceholder')}
            dir="ltr"
            clearable
            value={form.values.white_domains}
            onChange={(domains) => {
              form.setFieldValue('white_domains', domains);
              form.clearFieldError('white_domains');
              for (const name of Object.keys(form.errors))
                if (name.startsWith('white_domains.')) form.clearFieldError(name);
            }}
            error={domainsError}
          />
          <WhatsappTemplateFields form={form} />
          <Group justify="flex-end">
            <Button component={Link} to="/subscription" variant="default">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {channel && <ChannelDetails channel={channel} />}
    </Stack>
  );
}

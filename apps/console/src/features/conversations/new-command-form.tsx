import { saveCommandRequest } from '@hiwar/contracts';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../lib/form-errors.ts';
import { localizeFeatureMessage } from '../services/index.ts';
import { useFreshServiceChoices } from './command-options.ts';
import { toastFailure } from './inbox-messages.ts';
import type { NewCommand } from './use-inbox-actions.ts';

interface NewCommandFormProps {
  /** creates the command and adds the message to it; rejects with the server's refusal */
  onCreate: (command: NewCommand) => Promise<unknown>;
  isBusy: boolean;
}

/** "New command from this group": which of the owner's services it goes in, and its name. */
export function NewCommandForm({ onCreate, isBusy }: NewCommandFormProps) {
  const { t } = useTranslation();
  const choices = useFreshServiceChoices();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ service?: string; name?: string }>({});

  const create = async () => {
    const parsed = saveCommandRequest.safeParse({ command_name: name });
    const found = {
      service: serviceId ? undefined : t('conversations.inbox.serviceRequired'),
      name: parsed.success ? undefined : localizeFeatureMessage(t, parsed.error.issues[0]?.message ?? ''),
    };
    setErrors(found);
    if (found.service || found.name || !serviceId) return;
    try {
      await onCreate({ serviceId: Number(serviceId), name: name.trim() });
    } catch (error) {
      const nameError = serverFieldErrors(error, t, 'command_name').command_name;
      if (typeof nameError === 'string') setErrors({ name: localizeFeatureMessage(t, nameError) });
      else toastFailure(t, error);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="new-command-form">
      <Group align="flex-start" gap="sm">
        <Select
          label={t('conversations.inbox.service')}
          data={(choices.data?.private ?? []).map((service) => ({
            value: String(service.service_id),
            label: service.service_name,
          }))}
          value={serviceId}
          onChange={setServiceId}
          error={errors.service}
          searchable
          nothingFoundMessage={t('services.noData')}
          w={200}
        />
        <TextInput
          label={t('conversations.inbox.commandName')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          w={220}
        />
        <Button mt={25} loading={isBusy} onClick={() => void create()}>
          {t('conversations.inbox.createAndAdd')}
        </Button>
      </Group>
    </Paper>
  );
}

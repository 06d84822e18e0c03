import { Button, Card, Group, Select, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cloneCommand, commandsKey } from '../../lib/commands-api.ts';
import { type ServiceChoices, useServiceChoices } from '../services/index.ts';

interface OptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The commands of the owner's and public services, grouped by service; a command is listed once. */
export function commandGroups(choices: ServiceChoices | undefined, t: TFunction): OptionGroup[] {
  const seen = new Set<number>();
  const isFirstSighting = (commandId: number) => {
    if (seen.has(commandId)) return false;
    seen.add(commandId);
    return true;
  };
  const groupsOf = (kind: 'private' | 'public') =>
    (choices?.[kind] ?? []).map((service) => ({
      group: t(`commands.clone.${kind}Group`, { name: service.service_name }),
      items: service.commands
        .filter((command) => isFirstSighting(command.command_id))
        .map((command) => ({ value: String(command.command_id), label: command.command_name })),
    }));
  return [...groupsOf('private'), ...groupsOf('public')].filter((group) => group.items.length > 0);
}

/** Copies a command (with its variables and examples) into this service; a failure reads "server error". */
export function CloneCommandCard({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = useServiceChoices();
  const [commandId, setCommandId] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (id: string) => cloneCommand(serviceId, Number(id)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('commands.clone.succeeded') });
      setCommandId(null);
      void queryClient.invalidateQueries({ queryKey: commandsKey });
      void queryClient.invalidateQueries({ queryKey: ['services', 'choices'] });
    },
    onError: () => notifications.show({ color: 'red', message: t('commands.clone.failed') }),
  });
  return (
    <Card shadow="xs" component="section" aria-label={t('commands.clone.title')}>
      <Title order={3} fz="h5" mb="sm">
        {t('commands.clone.title')}
      </Title>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={t('commands.clone.label')}
          placeholder={t('commands.clone.placeholder')}
          data={commandGroups(choices.data, t)}
          value={commandId}
          onChange={setCommandId}
          searchable
          nothingFoundMessage={t('services.noData')}
          style={{ flex: 1 }}
        />
        <Button
          leftSection={<IconCopy size={16} />}
          disabled={!commandId}
          loading={mutation.isPending}
          onClick={() => commandId && mutation.mutate(commandId)}
        >
          {t('commands.clone.submit')}
        </Button>
      </Group>
    </Card>
  );
}

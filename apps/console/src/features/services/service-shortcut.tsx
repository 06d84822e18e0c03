import { Button, Group, Select, useDirection } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ServiceChoices, useServiceChoices } from './services-api.ts';
import { shortcutTarget } from './shortcut-target.ts';

function serviceOptions(choices: ServiceChoices | undefined) {
  return (choices?.private ?? []).map((service) => ({
    value: String(service.service_id),
    label: service.service_name,
  }));
}

function commandOptions(choices: ServiceChoices | undefined, serviceId: string | null) {
  const service = choices?.private.find((entry) => String(entry.service_id) === serviceId);
  return (service?.commands ?? []).map((command) => ({
    value: String(command.command_id),
    label: command.command_name,
  }));
}

/** The top-bar shortcut (spec part 1 §2 Frame): pick a service and optionally a command, then Go. */
export function ServiceShortcut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  const choices = useServiceChoices();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [commandId, setCommandId] = useState<string | null>(null);

  function chooseService(value: string | null) {
    setServiceId(value);
    setCommandId(null);
  }

  return (
    <Group gap={6} wrap="nowrap" data-testid="service-shortcut">
      <Select
        aria-label={t('services.shortcut.service')}
        placeholder={t('services.shortcut.service')}
        data={serviceOptions(choices.data)}
        value={serviceId}
        onChange={chooseService}
        searchable
        clearable
        size="xs"
        w={170}
        nothingFoundMessage={t('services.noData')}
      />
      <Select
        aria-label={t('services.shortcut.command')}
        placeholder={t('services.shortcut.command')}
        data={commandOptions(choices.data, serviceId)}
        value={commandId}
        onChange={setCommandId}
        disabled={!serviceId}
        searchable
        clearable
        size="xs"
        w={170}
        nothingFoundMessage={t('services.noData')}
      />
      <Button
        size="xs"
        variant="light"
        rightSection={
          <IconArrowRight size={14} style={{ transform: dir === 'rtl' ? 'scaleX(-1)' : undefined }} />
        }
        onClick={() => navigate(shortcutTarget(serviceId, commandId))}
      >
        {t('services.shortcut.go')}
      </Button>
    </Group>
  );
}

import { Button, Card, Group, Select, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import {
  ServiceModal,
  servicesKey,
  setServiceStatus,
  useService,
  useServiceChoices,
} from '../services/index.ts';

interface ServiceBarProps {
  serviceId: number | null;
  onSelect: (serviceId: number | null) => void;
}

function useServiceStatusSwitch(serviceId: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const service = useService(serviceId);
  const mutation = useMutation({
    mutationFn: (isActive: boolean) => setServiceStatus(serviceId ?? 0, isActive),
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesKey }),
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });
  const isActive = mutation.isPending ? mutation.variables : service.data?.service_status === 1;
  return { isActive, isReady: service.isSuccess, setActive: mutation.mutate };
}

/** The scenario's service row: the services dropdown, its status switch and a new-service button. */
export function ServiceBar({ serviceId, onSelect }: ServiceBarProps) {
  const { t } = useTranslation();
  const choices = useServiceChoices();
  const status = useServiceStatusSwitch(serviceId);
  const [isModalOpen, modal] = useDisclosure(false);
  const options = (choices.data?.private ?? []).map((service) => ({
    value: String(service.service_id),
    label: service.service_name,
  }));
  return (
    <Card shadow="xs">
      <Group align="flex-end" gap="md">
        <Select
          label={t('scenario.service')}
          placeholder={t('scenario.chooseService')}
          data={options}
          value={serviceId ? String(serviceId) : null}
          onChange={(value) => onSelect(value ? Number(value) : null)}
          searchable
          nothingFoundMessage={t('services.noData')}
          w={{ base: '100%', sm: 320 }}
        />
        <Switch
          label={t('scenario.serviceActive')}
          checked={status.isActive}
          disabled={!serviceId || !status.isReady}
          onChange={(event) => status.setActive(event.currentTarget.checked)}
          mb={8}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={modal.open} ms="auto">
          {t('services.add')}
        </Button>
      </Group>
      <ServiceModal
        opened={isModalOpen}
        service={null}
        onClose={modal.close}
        onSaved={(id) => onSelect(id)}
      />
    </Card>
  );
}

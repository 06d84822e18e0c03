import type { ServiceListEntry } from '@hiwar/contracts';
import { Button, Card, Group, Select, SimpleGrid, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cloneService, servicesKey, useServiceChoices } from './services-api.ts';

function CloneServicePicker({
  label,
  services,
  testId,
}: {
  label: string;
  services: ServiceListEntry[];
  testId: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (id: string) => cloneService(Number(id)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('services.clone.succeeded') });
      setServiceId(null);
      void queryClient.invalidateQueries({ queryKey: servicesKey });
    },
    onError: () => notifications.show({ color: 'red', message: t('services.clone.failed') }),
  });
  const data = services.map((service) => ({
    value: String(service.service_id),
    label: service.service_name,
  }));
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" data-testid={testId}>
      <Select
        label={label}
        placeholder={t('services.clone.placeholder')}
        data={data}
        value={serviceId}
        onChange={setServiceId}
        searchable
        nothingFoundMessage={t('services.noData')}
        style={{ flex: 1 }}
      />
      <Button
        leftSection={<IconCopy size={16} />}
        disabled={!serviceId}
        loading={mutation.isPending}
        onClick={() => serviceId && mutation.mutate(serviceId)}
      >
        {t('services.clone.submit')}
      </Button>
    </Group>
  );
}

/** Clone a public service (anyone's) or one of the owner's own (spec part 1 §2 Services). */
export function CloneServicesCard() {
  const { t } = useTranslation();
  const choices = useServiceChoices();
  return (
    <Card shadow="xs" component="section" aria-label={t('services.clone.title')}>
      <Title order={3} fz="h5" mb="sm">
        {t('services.clone.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CloneServicePicker
          label={t('services.clone.public')}
          services={choices.data?.public ?? []}
          testId="clone-public-service"
        />
        <CloneServicePicker
          label={t('services.clone.private')}
          services={choices.data?.private ?? []}
          testId="clone-private-service"
        />
      </SimpleGrid>
    </Card>
  );
}

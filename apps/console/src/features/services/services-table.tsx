import type { ServiceRecord } from '@hiwar/contracts';
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoDataRow } from '../../components/no-data-row.tsx';

interface ServicesTableProps {
  services: ServiceRecord[];
  onEdit: (service: ServiceRecord) => void;
  onDelete: (service: ServiceRecord) => void;
}

function ServiceRow({
  service,
  onEdit,
  onDelete,
}: { service: ServiceRecord } & Omit<ServicesTableProps, 'services'>) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`service-row-${service.service_id}`}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text
            component={Link}
            to={`/services/${service.service_id}/commands`}
            fw={500}
            size="sm"
            c="indigo.8"
          >
            {service.service_name}
          </Text>
          {service.service_status !== 1 && (
            <Badge color="gray" variant="light" size="sm">
              {t('services.inactive')}
            </Badge>
          )}
          {service.is_public === 1 && (
            <Badge color="cyan" variant="light" size="sm">
              {t('services.public')}
            </Badge>
          )}
        </Group>
        {service.service_description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {service.service_description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            component={Link}
            to={`/services/${service.service_id}/commands`}
            variant="subtle"
            aria-label={t('services.actions.commands')}
          >
            <IconListDetails size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('services.actions.edit')}
            onClick={() => onEdit(service)}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('services.actions.delete')}
            onClick={() => onDelete(service)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function ServicesTable({ services, onEdit, onDelete }: ServicesTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="services-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('services.columns.name')}</Table.Th>
            <Table.Th ta="end">{t('services.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.length === 0 ? (
            <NoDataRow columns={2} />
          ) : (
            services.map((service) => (
              <ServiceRow key={service.service_id} service={service} onEdit={onEdit} onDelete={onDelete} />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

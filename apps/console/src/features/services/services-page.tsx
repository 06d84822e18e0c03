import type { ServiceRecord } from '@hiwar/contracts';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { CloneServicesCard } from './clone-services-card.tsx';
import { ServiceModal } from './service-modal.tsx';
import { useServicesPage } from './services-api.ts';
import { ServicesTable } from './services-table.tsx';
import { useDeleteService } from './use-delete-service.ts';

const SEARCH_DELAY_MS = 300;

/** Which service the modal edits: closed, a new one, or an existing one. */
type ModalState = { isOpen: false } | { isOpen: true; service: ServiceRecord | null };

export function ServicesPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [modal, setModal] = useState<ModalState>({ isOpen: false });
  const services = useServicesPage(page, debouncedSearch);
  const askToDelete = useDeleteService();
  useClampedPage(page, services, (data) => data.lastPage, setPage);

  function changeSearch(value: string) {
    setSearch(value);
    if (page !== 1) setPage(1);
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('services.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('services.subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => setModal({ isOpen: true, service: null })}
        >
          {t('services.add')}
        </Button>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <TextInput
            label={t('services.search')}
            placeholder={t('services.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => changeSearch(event.currentTarget.value)}
            maw={360}
          />
          <ServicesTable
            services={services.data?.services ?? []}
            onEdit={(service) => setModal({ isOpen: true, service })}
            onDelete={askToDelete}
          />
          <PageBar
            page={page}
            pageCount={services.data?.lastPage ?? 1}
            onChange={setPage}
            testId="services-pages"
          />
        </Stack>
      </Card>
      <CloneServicesCard />
      <ServiceModal
        opened={modal.isOpen}
        service={modal.isOpen ? modal.service : null}
        onClose={() => setModal({ isOpen: false })}
      />
    </Stack>
  );
}

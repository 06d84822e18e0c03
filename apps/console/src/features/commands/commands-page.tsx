import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { useCommandsPage } from '../../lib/commands-api.ts';
import { useService } from '../services/index.ts';
import { CloneCommandCard } from './clone-command-card.tsx';
import { CommandsTable } from './commands-table.tsx';
import { ServiceExamplesCard } from './service-examples-card.tsx';
import { useCommandActions } from './use-command-actions.ts';

const SEARCH_DELAY_MS = 300;

/** The commands of one service (spec part 1 §2); the page travels in the `page` query parameter. */
export function CommandsPage() {
  const { t } = useTranslation();
  const serviceId = Number(useParams().serviceId);
  const service = useService(serviceId);
  const [page, setPage] = usePageQuery();
  const [keywords, setKeywords] = useState('');
  const [debouncedKeywords] = useDebouncedValue(keywords.trim(), SEARCH_DELAY_MS);
  const commands = useCommandsPage(serviceId, page, debouncedKeywords);
  const { toggleStatus, askToDelete } = useCommandActions();
  useClampedPage(page, commands, (data) => data.pageCount, setPage);

  function changeKeywords(value: string) {
    setKeywords(value);
    if (page !== 1) setPage(1);
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>
            <bdi>{service.data?.service_name ?? t('commands.title')}</bdi>
          </Title>
          <Text c="dimmed" size="sm">
            {t('commands.subtitle')}
          </Text>
        </div>
        <Button
          component={Link}
          to={`/services/${serviceId}/commands/0`}
          leftSection={<IconPlus size={18} />}
        >
          {t('commands.add')}
        </Button>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <TextInput
            label={t('commands.search')}
            placeholder={t('commands.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={keywords}
            onChange={(event) => changeKeywords(event.currentTarget.value)}
            maw={360}
          />
          <CommandsTable
            serviceId={serviceId}
            commands={commands.data?.commands ?? []}
            onToggleStatus={toggleStatus}
            onDelete={askToDelete}
          />
          <PageBar
            page={page}
            pageCount={commands.data?.pageCount ?? 1}
            onChange={setPage}
            testId="commands-pages"
          />
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ServiceExamplesCard serviceId={serviceId} />
        <CloneCommandCard serviceId={serviceId} />
      </SimpleGrid>
    </Stack>
  );
}

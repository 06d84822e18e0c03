import { Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMapOff, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { builtSidebarEntries } from '../shell/built-sidebar-entries.ts';
import { findDestination } from './find-destination.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  function search(event: FormEvent) {
    event.preventDefault();
    const pages = builtSidebarEntries()
      .filter((entry) => entry.id !== 'logout')
      .map((entry) => ({ path: entry.path, label: t(`nav.${entry.id}`) }));
    navigate(findDestination(query, pages));
  }

  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="not-found">
      <ThemeIcon size={72} radius="xl" variant="light" color="indigo">
        <IconMapOff size={40} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('notFound.body')}
      </Text>
      <search style={{ width: '100%', maxWidth: 420 }}>
        <form onSubmit={search}>
          <TextInput
            aria-label={t('notFound.search')}
            placeholder={t('notFound.placeholder')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSectionWidth={90}
            rightSection={
              <Button type="submit" size="compact-sm" data-testid="not-found-search">
                {t('notFound.submit')}
              </Button>
            }
            data-testid="not-found-query"
          />
        </form>
      </search>
      <Button component={Link} to="/dashboard" variant="subtle">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

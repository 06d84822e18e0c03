import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AdvertiseCard } from './advertise-card.tsx';
import { fetchAdvertises } from './advertises-api.ts';
import { useAdvertiseDrafts } from './use-advertise-drafts.ts';

/** A route id that must be a positive whole number ('12'); anything else is null. */
export function positiveIdOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** /services/{service_id}/commands/{command_id}/advertises: a missing or non-numeric id goes to /404. */
export function AdvertisesTab() {
  const params = useParams();
  const serviceId = positiveIdOf(params.serviceId);
  const commandId = positiveIdOf(params.commandId);
  if (serviceId === null || commandId === null) return <Navigate to="/404" replace />;
  return <AdvertisesEditor commandId={commandId} />;
}

function AdvertisesEditor({ commandId }: { commandId: number }) {
  const { t } = useTranslation();
  const advertises = useQuery({
    queryKey: ['advertises', commandId],
    queryFn: () => fetchAdvertises(commandId),
    // the tab keeps its own edited copy; a refetch must not overwrite unsaved edits
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const ads = useAdvertiseDrafts(commandId, advertises.data);

  if (advertises.isError) return <Navigate to="/404" replace />;
  if (ads.drafts === null) return <Loader size="sm" aria-label={t('advertises.loading')} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          {t('advertises.hint')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={ads.add}>
          {t('advertises.add')}
        </Button>
      </Group>
      {ads.drafts.length === 0 && (
        <Text c="dimmed" ta="center" size="sm">
          {t('advertises.noData')}
        </Text>
      )}
      {ads.drafts.map((draft) => (
        <AdvertiseCard
          key={draft.key}
          draft={draft}
          error={ads.errors[draft.key] ?? null}
          isBusy={ads.busyKey === draft.key}
          onChange={(edits) => ads.change(draft.key, edits)}
          onEdit={() => ads.startEditing(draft.key)}
          onSave={() => void ads.save(draft)}
          onDelete={() => void ads.remove(draft)}
          onCancel={() => ads.cancel(draft.key)}
        />
      ))}
    </Stack>
  );
}

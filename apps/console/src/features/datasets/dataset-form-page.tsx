import type { DatasetField } from '@hiwar/contracts';
import { datasetMessages } from '@hiwar/contracts';
import { Button, Card, Group, Loader, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDatabase, IconTable } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { serverFieldErrors } from '../../lib/form-errors.ts';
import { routeId } from '../variables/route-ids.ts';
import type { DatasetFormContext } from './dataset-form-context.ts';
import { datasetFailureMessage, localizeDatasetMessage } from './dataset-messages.ts';
import { datasetsKey, saveDataset, useDataset } from './datasets-api.ts';

const datasetTabs = ['structure', 'data'] as const;
type DatasetTab = (typeof datasetTabs)[number];
const tabIcons = { structure: IconDatabase, data: IconTable } as const;

/** The tab of `/dataset/{id}/{tab}`; structure when none is named. */
function tabOfPath(pathname: string): DatasetTab {
  return pathname.split('/').filter(Boolean)[2] === 'data' ? 'data' : 'structure';
}

interface NameFormValues {
  ds_name: string;
  isActive: boolean;
}

/** The name and status part of the form; a new dataset is created with the fields given so far. */
function useDatasetNameForm(datasetId: number, draftFields: DatasetField[], onCreated: (id: number) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dataset = useDataset(datasetId);
  const form = useForm<NameFormValues>({
    initialValues: { ds_name: '', isActive: true },
    validate: {
      ds_name: (name) =>
        name.trim() === '' ? localizeDatasetMessage(t, datasetMessages.nameRequired) : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded dataset.
  useEffect(() => {
    if (!dataset.data) return;
    form.setValues({ ds_name: dataset.data.ds_name, isActive: dataset.data.ds_status === 1 });
    form.resetDirty();
  }, [dataset.data]);

  const mutation = useMutation({
    mutationFn: (values: NameFormValues) =>
      saveDataset(datasetId, {
        ds_name: values.ds_name.trim(),
        ds_type: 'dataset',
        ds_status: values.isActive ? 1 : 0,
        ...(datasetId === 0 && { ds_schema: draftFields }),
      }),
    onSuccess: (saved) => {
      const message = datasetId === 0 ? 'datasets.messages.added' : 'messages.successfullyUpdated';
      notifications.show({ color: 'green', message: t(message) });
      queryClient.setQueryData([...datasetsKey, 'one', saved.ds_id], saved);
      void queryClient.invalidateQueries({ queryKey: datasetsKey });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name'] });
      if (saved.ds_id !== datasetId) onCreated(saved.ds_id);
    },
    onError: (error) => {
      const nameError = serverFieldErrors(error, t, 'ds_name').ds_name;
      if (typeof nameError === 'string') form.setFieldError('ds_name', localizeDatasetMessage(t, nameError));
      else notifications.show({ color: 'red', message: datasetFailureMessage(t, error) });
    },
  });
  return { dataset, form, mutation };
}

/**
 * /dataset/{id}/{structure|data} (spec part 2 §2; 0 is new): the name and status, then the Structure and Data
 * tabs. Data stays disabled until the dataset exists; after the first save the page is the dataset's.
 */
export function DatasetFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const datasetId = routeId(useParams(), 'dataset_id');
  const [draftFields, setDraftFields] = useState<DatasetField[]>([]);
  const { dataset, form, mutation } = useDatasetNameForm(datasetId, draftFields, (id) => {
    setDraftFields([]);
    navigate(`/dataset/${id}`, { replace: true });
  });
  const activeTab = tabOfPath(pathname);
  const isNew = datasetId === 0;

  if (dataset.error instanceof ApiError && dataset.error.httpStatus === 404)
    return <Navigate to="/404" replace />;
  if (isNew && activeTab !== 'structure') return <Navigate to="/dataset/0/structure" replace />;
  if (!isNew && dataset.isPending) return <Loader />;
  const context: DatasetFormContext = { datasetId, draftFields, setDraftFields };

  return (
    <Stack gap="lg">
      <Title order={2}>{isNew ? t('datasets.form.addTitle') : (dataset.data?.ds_name ?? '…')}</Title>
      <Card shadow="xs">
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
          <Group align="flex-end" gap="md">
            <TextInput
              label={t('datasets.fields.name')}
              withAsterisk
              data-autofocus
              miw={260}
              {...form.getInputProps('ds_name')}
            />
            <Switch
              label={t('datasets.fields.status')}
              mb={8}
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
            <Group gap="sm" ms="auto">
              <Button component={Link} to="/dataset" variant="default">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </form>
      </Card>
      <Card shadow="xs" p={0}>
        <Tabs
          value={activeTab}
          onChange={(tab) => tab && navigate(`/dataset/${datasetId}/${tab}`)}
          keepMounted={false}
        >
          <Tabs.List px="md" pt="xs">
            {datasetTabs.map((tab) => {
              const Icon = tabIcons[tab];
              return (
                <Tabs.Tab
                  key={tab}
                  value={tab}
                  disabled={isNew && tab === 'data'}
                  leftSection={<Icon size={16} />}
                >
                  {t(`datasets.tabs.${tab}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Stack p="lg">
            {isNew && (
              <Text size="sm" c="dimmed">
                {t('datasets.form.saveFirst')}
              </Text>
            )}
            <Outlet context={context} />
          </Stack>
        </Tabs>
      </Card>
    </Stack>
  );
}

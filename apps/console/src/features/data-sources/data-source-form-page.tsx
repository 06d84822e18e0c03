import { dataSourceDrivers, driverOf, saveDataSourceRequest } from '@hiwar/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { routeId } from '../../lib/route-ids.ts';
import {
  type DataSourceFormValues,
  emptyDataSourceValues,
  formValuesOf,
  portForDriver,
  requestOf,
} from './data-source-form-values.ts';
import { localizeDataSourceErrors, localizeDataSourceMessage } from './data-source-messages.ts';
import { DataSourceTablesField } from './data-source-tables-field.tsx';
import { dataSourcesKey, saveDataSource, useDataSource } from './data-sources-api.ts';

const driverOptions = dataSourceDrivers.map((driver) => ({
  value: driver.value,
  label: driver.label,
  disabled: !driver.isAvailable,
}));

/**
 * /datasources/{id} (0 is new): the connection's fields with the spec's rules (the port shown from the start
 * and filled with the chosen driver's default, hidden for a driver without one; Oracle and SQLite listed but
 * disabled); a save the server refuses shows its msg in a dismissible red alert. An existing data source also
 * shows its tables.
 */
export function DataSourceFormPage() {
  const { t } = useTranslation();
  const id = routeId(useParams(), 'data_source_id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const record = useDataSource(id);
  const [failure, setFailure] = useState<string | null>(null);
  const [pickedId, setPickedId] = useState<number | null>(id > 0 ? id : null);
  const form = useForm<DataSourceFormValues>({
    initialValues: emptyDataSourceValues,
    validate: (values) =>
      localizeDataSourceErrors(schemaValidator(saveDataSourceRequest, t)(requestOf(values, true, true)), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded record.
  useEffect(() => {
    if (record.data) form.setValues(formValuesOf(record.data));
    form.resetDirty();
    setPickedId(id > 0 ? id : null);
  }, [record.data, id]);

  const mutation = useMutation({
    mutationFn: (values: DataSourceFormValues) =>
      saveDataSource(id, requestOf(values, form.isDirty('password'), id === 0)),
    onSuccess: (savedId) => {
      setFailure(null);
      notifications.show({
        color: 'green',
        message: t(id === 0 ? 'datasources.form.added' : 'messages.successfullyUpdated'),
      });
      void queryClient.invalidateQueries({ queryKey: dataSourcesKey });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name'] });
      if (savedId !== id) navigate(`/datasources/${savedId}`, { replace: true });
    },
    onError: (error) => {
      const message = error instanceof ApiError && !error.isNetworkFailure ? error.message : '';
      setFailure(message ? localizeDataSourceMessage(t, message) : t('messages.serverError'));
      form.setErrors(localizeDataSourceErrors(serverFieldErrors(error, t, 'name'), t));
    },
  });

  if (id > 0 && record.isPending) return <Loader />;
  const driver = driverOf(form.values.driver);
  // shown before a driver is chosen: most drivers take one, and it fills in with the driver's default
  const usesPort = driver?.port !== 'none';
  const hasStoredPassword = record.data?.entity.has_password ?? false;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={2}>{id > 0 ? t('datasources.form.editTitle') : t('datasources.form.addTitle')}</Title>
      {failure !== null && (
        <Alert color="red" withCloseButton onClose={() => setFailure(null)} data-testid="data-source-failure">
          {failure}
        </Alert>
      )}
      <Card shadow="xs">
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
          <Stack gap="md">
            <TextInput label={t('datasources.fields.name')} withAsterisk {...form.getInputProps('name')} />
            <Select
              label={t('datasources.fields.driver')}
              withAsterisk
              data={driverOptions}
              allowDeselect={false}
              {...form.getInputProps('driver')}
              onChange={(value) => {
                if (value === null) return;
                form.setValues({ driver: value, port: portForDriver(form.values, value) });
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: usesPort ? 2 : 1 }}>
              <TextInput
                label={t('datasources.fields.host')}
                withAsterisk
                dir="ltr"
                {...form.getInputProps('host')}
              />
              {usesPort && (
                <TextInput
                  label={t('datasources.fields.port')}
                  withAsterisk={driver?.port === 'required'}
                  placeholder={driver?.defaultPort ? String(driver.defaultPort) : undefined}
                  inputMode="numeric"
                  dir="ltr"
                  {...form.getInputProps('port')}
                />
              )}
            </SimpleGrid>
            <TextInput
              label={t('datasources.fields.dbname')}
              withAsterisk
              {...form.getInputProps('dbname')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('datasources.fields.username')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('username')}
              />
              <PasswordField
                label={t('datasources.fields.password')}
                autoComplete="new-password"
                placeholder={hasStoredPassword ? t('datasources.form.passwordKept') : undefined}
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            {driver?.usesSid && (
              <TextInput label={t('datasources.fields.sid')} {...form.getInputProps('sid')} />
            )}
            <Group justify="flex-end">
              <Button component={Link} to="/datasources" variant="default">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {id > 0 && (
        <Card shadow="xs">
          <Stack gap="sm">
            <Title order={4}>{t('datasources.tables.title')}</Title>
            <DataSourceTablesField value={pickedId} onChange={setPickedId} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

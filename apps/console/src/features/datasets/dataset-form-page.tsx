import { type DatasetField, orderCurrencies, orderPaymentMethods } from '@hiwar/contracts';
import {
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  type NumberInputProps,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPercentage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { routeId } from '../../lib/route-ids.ts';
import type { DatasetFormContext } from './dataset-form-context.ts';
import { type DatasetKind, datasetKind } from './dataset-kind.ts';
import { useDatasetNameForm } from './use-dataset-name-form.ts';

/** The tab of `{path}/{id}/{tab}`; the first when none (or an unknown one) is named. */
function tabOfPath(kind: DatasetKind, pathname: string): string {
  const named = pathname.split('/').filter(Boolean)[2];
  return kind.tabs.find((tab) => tab.value === named)?.value ?? kind.tabs[0]?.value ?? '';
}

/** A menu's tax or shipping, a percentage of the subtotal; empty is 0. */
function PercentInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      max={100}
      decimalScale={2}
      allowNegative={false}
      rightSection={<IconPercentage size={16} />}
      w={140}
      {...props}
    />
  );
}

/**
 * `{path}/{id}/{tab}` (spec part 2 §2; 0 is new): the name and status (a menu's tax, shipping, currency and
 * payment method too), then the kind's tabs. The tabs after the first stay disabled until the dataset exists; after the first save the page
 * is the dataset's.
 */
export function DatasetKindFormPage({ kind }: { kind: DatasetKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const datasetId = routeId(useParams(), kind.idParam);
  const [draftFields, setDraftFields] = useState<DatasetField[]>(() => [...kind.initialFields]);
  const { dataset, form, mutation } = useDatasetNameForm(kind, datasetId, draftFields, (id) => {
    setDraftFields([]);
    navigate(`${kind.path}/${id}`, { replace: true });
  });
  const activeTab = tabOfPath(kind, pathname);
  const firstTab = kind.tabs[0]?.value;
  const isNew = datasetId === 0;
  const isMenu = kind.type === 'menu';

  const isOtherKind = dataset.data !== undefined && dataset.data.ds_type !== kind.type;
  // a menu's id under /dataset (or a dataset's under /menus) is an unknown address too
  if ((dataset.error instanceof ApiError && dataset.error.httpStatus === 404) || isOtherKind)
    return <Navigate to="/404" replace />;
  if (isNew && activeTab !== firstTab) return <Navigate to={`${kind.path}/0/${firstTab}`} replace />;
  if (!isNew && dataset.isPending) return <Loader />;
  const context: DatasetFormContext = { kind, datasetId, draftFields, setDraftFields };

  return (
    <Stack gap="lg">
      <Title order={2}>
        {isNew ? t(`${kind.section}.form.addTitle`) : <span dir="auto">{dataset.data?.ds_name ?? '…'}</span>}
      </Title>
      <Card shadow="xs">
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
          <Group align="flex-end" gap="md">
            <TextInput
              label={t(`${kind.section}.fields.name`)}
              withAsterisk
              data-autofocus
              miw={260}
              {...form.getInputProps('name')}
            />
            {isMenu && (
              <>
                <PercentInput label={t('menus.fields.tax')} placeholder="0" {...form.getInputProps('tax')} />
                <PercentInput
                  label={t('menus.fields.shipping')}
                  placeholder="0"
                  {...form.getInputProps('shipping')}
                />
                <Select
                  label={t('menus.fields.currency')}
                  data={orderCurrencies.map((code) => ({
                    value: code,
                    label: t(`menus.currencies.${code}`),
                  }))}
                  allowDeselect={false}
                  w={200}
                  {...form.getInputProps('currency')}
                />
                <Select
                  label={t('menus.fields.paymentMethod')}
                  data={orderPaymentMethods.map((method) => ({
                    value: method,
                    label: t(`menus.paymentMethods.${method}`),
                  }))}
                  allowDeselect={false}
                  w={140}
                  {...form.getInputProps('paymentMethod')}
                />
              </>
            )}
            <Switch
              label={t('datasets.fields.status')}
              mb={8}
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
            <Group gap="sm" ms="auto">
              <Button component={Link} to={kind.path} variant="default">
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
          onChange={(tab) => tab && navigate(`${kind.path}/${datasetId}/${tab}`)}
          keepMounted={false}
        >
          <Tabs.List px="md" pt="xs">
            {kind.tabs.map(({ value, label, icon: Icon, Badge }) => (
              <Tabs.Tab
                key={value}
                value={value}
                disabled={isNew && value !== firstTab}
                leftSection={<Icon size={16} />}
                rightSection={Badge && !isNew ? <Badge datasetId={datasetId} /> : undefined}
              >
                {t(label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Stack p="lg">
            {isNew && (
              <Text size="sm" c="dimmed">
                {t(`${kind.section}.form.saveFirst`)}
              </Text>
            )}
            <Outlet context={context} />
          </Stack>
        </Tabs>
      </Card>
    </Stack>
  );
}

/** /dataset/{id} */
export function DatasetFormPage() {
  return <DatasetKindFormPage kind={datasetKind} />;
}

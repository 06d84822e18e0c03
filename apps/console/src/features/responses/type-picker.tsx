import type { ResponseType } from '@hiwar/contracts';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveDataSources } from '../data-sources/index.ts';
import { useAllSubscriptions } from '../subscriptions/index.ts';
import { useComponentChoices } from './builders/builders-api.ts';
import { useDatasetsAndMenus } from './responses-api.ts';
import type { TypeSelection } from './type-selection.ts';

/** The type cards, in the spec's order. */
export const typeChoices = [
  'text',
  'api',
  'dataset',
  'datasource',
  'menu',
  'shopping_cart',
  'component',
  'sub',
] as const;
export type TypeChoice = (typeof typeChoices)[number];

/** The card of a stored type (Static Text stands for text, quick replies, cards and locations). */
export function typeChoiceOf(type: ResponseType): TypeChoice {
  if (type === 'ds') return 'dataset';
  if (type === 'data_source') return 'datasource';
  return typeChoices.find((choice) => choice === type) ?? 'text';
}

interface TypePickerProps {
  choice: TypeChoice;
  selection: TypeSelection;
  onChange(patch: Partial<TypeSelection>): void;
}

type Choices = Parameters<typeof Select>[0]['data'];

/** A searchable picker of one id. */
function IdSelect({
  label,
  data,
  value,
  onChange,
}: {
  label: string;
  data: Choices;
  value: number | null;
  onChange(id: number | null): void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(picked) => onChange(picked ? Number(picked) : null)}
      searchable
      clearable
      nothingFoundMessage={t('responses.noData')}
      maw={420}
    />
  );
}

function DatasetPicker({
  kind,
  ...props
}: {
  kind: 'dataset' | 'menu';
  label: string;
  value: number | null;
  onChange(id: number | null): void;
}) {
  const datasets = useDatasetsAndMenus();
  const data = (datasets.data ?? [])
    .filter((dataset) => dataset.ds_type === kind)
    .map((dataset) => ({ value: String(dataset.ds_id), label: dataset.ds_name }));
  return <IdSelect data={data} {...props} />;
}

function DataSourcePicker(props: { value: number | null; onChange(id: number | null): void }) {
  const { t } = useTranslation();
  const sources = useActiveDataSources();
  const data = (sources.data ?? []).map((source) => ({
    value: String(source.data_source_id),
    label: `${source.entity.dbname} (${source.entity.name})`,
  }));
  return <IdSelect label={t('responses.type.pick.datasource')} data={data} {...props} />;
}

function ComponentPicker(props: { value: number | null; onChange(id: number | null): void }) {
  const { t } = useTranslation();
  const components = useComponentChoices();
  const list = components.data ?? [];
  if (components.isSuccess && list.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-components">
        {t('responses.type.noComponents')}
      </Text>
    );
  const categories = [...new Set(list.map((component) => component.category))];
  const data = categories.map((category) => ({
    group: category,
    items: list
      .filter((component) => component.category === category)
      .map((component) => ({ value: String(component.id), label: component.name })),
  }));
  return <IdSelect label={t('responses.type.pick.component')} data={data} {...props} />;
}

/** The subscription channel a `sub` response adds the sender to. */
function ChannelPicker(props: { value: number | null; onChange(id: number | null): void }) {
  const { t } = useTranslation();
  const channels = useAllSubscriptions(true);
  const list = channels.data ?? [];
  if (channels.isSuccess && list.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-channels">
        {t('responses.type.noChannels')}
      </Text>
    );
  const data = list.map((channel) => ({ value: String(channel.sc_id), label: channel.sc_title }));
  return <IdSelect label={t('responses.type.pick.sub')} data={data} {...props} />;
}

/** The picker under the chosen card: a dataset, a data source (by database name), a menu, a component or a channel. */
export function TypePicker({ choice, selection, onChange }: TypePickerProps) {
  const { t } = useTranslation();
  if (choice === 'dataset')
    return (
      <DatasetPicker
        kind="dataset"
        label={t('responses.type.pick.dataset')}
        value={selection.resp_dataset_id}
        onChange={(id) => onChange({ resp_dataset_id: id })}
      />
    );
  if (choice === 'menu' || choice === 'shopping_cart')
    return (
      <DatasetPicker
        kind="menu"
        label={t('responses.type.pick.menu')}
        value={selection.resp_menu_id}
        onChange={(id) => onChange({ resp_menu_id: id })}
      />
    );
  if (choice === 'datasource')
    return (
      <DataSourcePicker
        value={selection.resp_data_source_id}
        onChange={(id) => onChange({ resp_data_source_id: id })}
      />
    );
  if (choice === 'component')
    return (
      <ComponentPicker
        value={selection.resp_component_id}
        onChange={(id) => onChange({ resp_component_id: id })}
      />
    );
  if (choice === 'sub')
    return (
      <ChannelPicker
        value={selection.resp_sub_channel}
        onChange={(id) => onChange({ resp_sub_channel: id })}
      />
    );
  return null;
}

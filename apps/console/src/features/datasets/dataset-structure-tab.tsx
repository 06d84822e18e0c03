import type { DatasetField } from '@hiwar/contracts';
import { ActionIcon, Group, Loader, Stack, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnTextCell } from '../../components/own-text.tsx';
import { useDatasetFormContext } from './dataset-form-context.ts';
import { useDataset } from './datasets-api.ts';
import { FieldEditor } from './field-editor.tsx';
import { useFieldChanges } from './use-field-changes.ts';

/** Only a read-write field (or one saved before permissions existed) may be changed or removed. */
const isEditable = (field: DatasetField) => field.permission !== 'r';

interface FieldRowProps {
  field: DatasetField;
  onEdit: () => void;
  onRemove: () => void;
}

function FieldRow({ field, onEdit, onRemove }: FieldRowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`field-row-${field.name}`}>
      <OwnTextCell>{field.name}</OwnTextCell>
      <Table.Td>{t(`datasets.fieldTypes.${field.type}`)}</Table.Td>
      <Table.Td>{t(`datasets.permissions.${field.permission ?? 'rw'}`)}</Table.Td>
      <Table.Td>
        {isEditable(field) && (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon
              variant="subtle"
              aria-label={t('datasets.structure.edit', { name: field.name })}
              onClick={onEdit}
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('datasets.structure.delete', { name: field.name })}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /dataset/{id}/structure: the dataset's fields (name, type, permission) and the field form in add or edit
 * mode. Read-only fields show no edit or delete.
 */
export function DatasetStructureTab() {
  const { t } = useTranslation();
  const context = useDatasetFormContext();
  const dataset = useDataset(context.datasetId);
  const changes = useFieldChanges(context, dataset.data);
  const [editing, setEditing] = useState<DatasetField | null>(null);

  if (context.datasetId > 0 && dataset.isPending) return <Loader />;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" data-testid="dataset-fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('datasets.fields.fieldName')}</Table.Th>
              <Table.Th>{t('datasets.fields.type')}</Table.Th>
              <Table.Th>{t('datasets.fields.permission')}</Table.Th>
              <Table.Th w={100} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.fields.length === 0 ? (
              <NoDataRow columns={4} />
            ) : (
              changes.fields.map((field) => (
                <FieldRow
                  key={field.name}
                  field={field}
                  onEdit={() => setEditing(field)}
                  onRemove={() => changes.askToRemove(field)}
                />
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FieldEditor
        editing={editing}
        isImageOffered={context.datasetId > 0}
        isPermissionOffered={context.kind.offersPermission}
        isSaving={changes.isSaving}
        onSubmit={(draft, done) =>
          changes.submitField(draft, editing, () => {
            done();
            setEditing(null);
          })
        }
        onCancel={() => setEditing(null)}
      />
    </Stack>
  );
}

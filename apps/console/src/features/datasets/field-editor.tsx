import {
  type DatasetField,
  type DatasetFieldType,
  datasetFieldPermissions,
  datasetFieldTypes,
} from '@hiwar/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the editor holds: a type not chosen yet is '' (the save then says 'Missing data'). */
export interface FieldDraft {
  name: string;
  type: DatasetFieldType | '';
  permission: DatasetField['permission'];
}

const emptyDraft: FieldDraft = { name: '', type: '', permission: 'rw' };

interface FieldEditorProps {
  /** the field being edited; null adds a new one */
  editing: DatasetField | null;
  /** image is offered only when adding a field to a dataset that exists (spec part 2 §3) */
  isImageOffered: boolean;
  /** a menu's added fields are read-write whatever is chosen (spec part 2 §4), so it offers no choice */
  isPermissionOffered: boolean;
  isSaving: boolean;
  /** `done` clears the editor once the field is taken */
  onSubmit: (draft: FieldDraft, done: () => void) => void;
  onCancel: () => void;
}

/** The structure tab's field form: add mode, or edit mode for one read-write field (spec part 2 §4). */
export function FieldEditor({
  editing,
  isImageOffered,
  isPermissionOffered,
  isSaving,
  onSubmit,
  onCancel,
}: FieldEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FieldDraft>(emptyDraft);
  useEffect(() => setDraft(editing ? { ...editing } : emptyDraft), [editing]);

  // an image field being edited keeps its type on offer; no other edit can turn a field into an image
  const offersImage = editing ? editing.type === 'image' : isImageOffered;
  const types = datasetFieldTypes
    .filter((type) => type !== 'image' || offersImage)
    .map((type) => ({ value: type, label: t(`datasets.fieldTypes.${type}`) }));
  const permissions = datasetFieldPermissions.map((permission) => ({
    value: permission,
    label: t(`datasets.permissions.${permission}`),
  }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(draft, () => setDraft(emptyDraft));
  }

  return (
    <form onSubmit={submit} noValidate data-testid="field-editor">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('datasets.fields.fieldName')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          miw={200}
        />
        <Select
          label={t('datasets.fields.type')}
          placeholder={t('datasets.fields.chooseType')}
          data={types}
          value={draft.type || null}
          onChange={(type) => setDraft({ ...draft, type: (type ?? '') as FieldDraft['type'] })}
          allowDeselect={false}
          w={160}
        />
        {isPermissionOffered && (
          <Select
            label={t('datasets.fields.permission')}
            data={permissions}
            value={draft.permission}
            onChange={(permission) =>
              setDraft({ ...draft, permission: (permission ?? 'rw') as FieldDraft['permission'] })
            }
            allowDeselect={false}
            w={180}
          />
        )}
        {editing ? (
          <Group gap="xs">
            <Button type="submit" loading={isSaving}>
              {t('datasets.structure.update')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          </Group>
        ) : (
          <Button type="submit" loading={isSaving} leftSection={<IconPlus size={16} />}>
            {t('datasets.structure.addField')}
          </Button>
        )}
      </Group>
    </form>
  );
}

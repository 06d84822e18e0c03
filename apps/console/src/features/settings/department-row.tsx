import { type Department, departmentName } from '@hiwar/contracts';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { OwnText } from '../../components/own-text.tsx';
import { departmentNameError, localizeDepartmentMessage } from './department-messages.ts';
import type { useDepartmentChanges } from './use-department-changes.ts';

interface DepartmentRowProps {
  department: Department;
  changes: ReturnType<typeof useDepartmentChanges>;
}

/** One department: its name, renamed in place (Enter saves, Escape cancels), or deleted after a confirmation. */
export function DepartmentRow({ department, changes }: DepartmentRowProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isSaving = changes.rename.isPending && changes.rename.variables?.id === department.id;

  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = () => {
    if (draft === null) return;
    const parsed = departmentName.safeParse(draft);
    if (!parsed.success) {
      setError(localizeDepartmentMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    if (parsed.data === department.name) return cancel();
    changes.rename.mutate(
      { id: department.id, name: parsed.data },
      { onSuccess: cancel, onError: (failure) => setError(departmentNameError(t, failure)) },
    );
  };

  if (draft !== null)
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          flex={1}
          aria-label={t('settings.departments.renameField', { name: department.name })}
          value={draft}
          error={error}
          autoFocus
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            }
            if (event.key === 'Escape') cancel();
          }}
        />
        <ActionIcon
          size="input-sm"
          variant="light"
          aria-label={t('settings.departments.saveRename')}
          loading={isSaving}
          onClick={save}
        >
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon size="input-sm" variant="subtle" aria-label={t('common.cancel')} onClick={cancel}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    );

  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <OwnText size="sm">{department.name}</OwnText>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={t('settings.departments.rename', { name: department.name })}
          onClick={() => setDraft(department.name)}
        >
          <IconPencil size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('settings.departments.delete', { name: department.name })}
          loading={changes.remove.isPending && changes.remove.variables?.id === department.id}
          onClick={() =>
            confirmDelete({
              t,
              name: department.name,
              onConfirm: () => changes.remove.mutate({ id: department.id, name: department.name }),
            })
          }
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

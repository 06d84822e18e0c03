import { ActionIcon, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Edit (a link to the form) and Delete (asks first) columns of the maps and locations lists. */
export function EditDeleteCells({ editPath, onDelete }: { editPath: string; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={t('maps.actions.edit')}>
          <IconPencil size={18} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={t('maps.actions.delete')} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </>
  );
}

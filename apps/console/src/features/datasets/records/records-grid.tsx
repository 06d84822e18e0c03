import type { DatasetDataRow, DatasetField } from '@hiwar/contracts';
import { ActionIcon, Box, Checkbox, Group, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NoDataRow } from '../../../components/no-data-row.tsx';
import { RecordCell } from './record-cell.tsx';
import { type SelectionMode, selectionModeOf } from './row-selection.ts';

interface RecordsGridProps {
  schema: DatasetField[];
  records: DatasetDataRow[];
  selectedIds: number[];
  onSelect: (recordId: number, mode: SelectionMode) => void;
  onToggleAll: () => void;
  onEdit: (record: DatasetDataRow) => void;
  onDelete: (recordIds: number[]) => void;
}

/** Typing targets: a Delete pressed in them edits their text and never deletes rows. */
function isTypingTarget(target: EventTarget) {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

/** Clicks on the row's own controls (checkbox, buttons, links) do their own thing, not a row selection. */
function isControlClick(event: MouseEvent) {
  return event.target instanceof Element && event.target.closest('button, a, input, label') !== null;
}

/**
 * The records of one page: a checkbox column, a column per field, Edit and Delete. A click selects a row,
 * Ctrl/⌘-click adds or removes one, Shift-click a range; the Delete key (focus in the grid, not in a text box)
 * asks to delete the selected rows.
 */
export function RecordsGrid(props: RecordsGridProps) {
  const { schema, records, selectedIds, onSelect, onToggleAll, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const isAllSelected = records.length > 0 && selectedIds.length === records.length;

  function pressKey(event: KeyboardEvent) {
    if (event.key !== 'Delete' || selectedIds.length === 0 || isTypingTarget(event.target)) return;
    event.preventDefault();
    onDelete(selectedIds);
  }

  return (
    <Box
      tabIndex={0}
      onKeyDown={pressKey}
      aria-label={t('datasets.records.grid')}
      role="region"
      data-testid="records-grid"
    >
      <Table.ScrollContainer minWidth={Math.max(420, 160 * schema.length)}>
        <Table verticalSpacing="xs" highlightOnHover aria-multiselectable>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('datasets.records.selectAll')}
                  checked={isAllSelected}
                  indeterminate={selectedIds.length > 0 && !isAllSelected}
                  disabled={records.length === 0}
                  onChange={onToggleAll}
                />
              </Table.Th>
              {schema.map((field) => (
                <Table.Th key={field.name} dir="auto">
                  {field.name}
                </Table.Th>
              ))}
              <Table.Th w={90} ta="end">
                {t('datasets.records.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.length === 0 ? (
              <NoDataRow columns={schema.length + 2} />
            ) : (
              records.map((record) => {
                const isSelected = selectedIds.includes(record._id);
                return (
                  <Table.Tr
                    key={record._id}
                    data-testid={`record-row-${record._id}`}
                    aria-selected={isSelected}
                    bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                    onClick={(event) => {
                      if (!isControlClick(event)) onSelect(record._id, selectionModeOf(event, false));
                    }}
                    onDoubleClick={(event) => {
                      if (!isControlClick(event)) onEdit(record);
                    }}
                    style={{ cursor: 'default', userSelect: 'none' }}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('datasets.records.selectRow')}
                        checked={isSelected}
                        onChange={() => {}}
                        onClick={(event) => onSelect(record._id, selectionModeOf(event, true))}
                      />
                    </Table.Td>
                    {schema.map((field) => (
                      <Table.Td key={field.name}>
                        <RecordCell field={field} value={record[field.name]} />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('datasets.records.edit')}
                          onClick={() => onEdit(record)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('datasets.records.delete')}
                          onClick={() => onDelete([record._id])}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

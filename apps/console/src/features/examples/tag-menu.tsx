import type { VariableListItem } from '@hiwar/contracts';
import { Button, Menu } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface TagMenuProps {
  variables: VariableListItem[];
  selectedText: string;
  onTag: (variableId: number) => void;
}

/** Spec §4: tagging needs selected text and at least one variable. */
export function TagMenu({ variables, selectedText, onTag }: TagMenuProps) {
  const { t } = useTranslation();
  const canTag = selectedText !== '' && variables.length > 0;
  const hint = variables.length === 0 ? t('examples.noVariables') : t('examples.selectToTag');
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTag size={14} />}
          disabled={!canTag}
          title={canTag ? undefined : hint}
        >
          {t('examples.tag')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('examples.tagAs', { text: selectedText })}</Menu.Label>
        {variables.map((variable) => (
          <Menu.Item key={variable.var_id} onClick={() => onTag(variable.var_id)}>
            {variable.var_name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

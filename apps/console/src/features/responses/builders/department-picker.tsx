import { Anchor, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Department } from './builders-api.ts';

export interface DepartmentChoices {
  /** undefined while loading or after a failed load */
  data: readonly Department[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

interface DepartmentPickerProps {
  departments: DepartmentChoices;
  /** the action's resp_action_cs_connect_department: a department id as text, '' for any */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * The cs_connect action's department (spec part 2 §6: "Departments are then loaded for choosing"): the owner's
 * departments from settings; none chosen hands over to any agent. Without departments, a line leads to settings.
 */
export function DepartmentPicker({ departments, value, onChange, error }: DepartmentPickerProps) {
  const { t } = useTranslation();
  const label = t('responses.builders.actions.department');
  if (departments.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {t('responses.builders.actions.departmentsFailed')}
      </Text>
    );
  const list = departments.data ?? [];
  if (!departments.isLoading && list.length === 0)
    return (
      <Text size="sm" c={error ? 'red' : 'dimmed'} data-testid="departments-empty">
        {t('responses.builders.actions.departmentsNone')}{' '}
        <Anchor component={Link} to="/settings" size="sm">
          {t('responses.builders.actions.departmentsSettings')}
        </Anchor>
      </Text>
    );
  return (
    <Select
      label={label}
      description={t('responses.builders.actions.departmentHint')}
      placeholder={
        departments.isLoading ? t('common.loading') : t('responses.builders.actions.departmentAny')
      }
      disabled={departments.isLoading}
      data={list.map((department) => ({ value: department.id, label: department.name }))}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      error={error}
      clearable
      searchable
    />
  );
}

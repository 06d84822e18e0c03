import { DEPARTMENTS_MAX, departmentName } from '@hiwar/contracts';
import { Alert, Box, Button, Divider, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { useFormatNumber } from '../../lib/format-number.ts';
import { departmentNameError, localizeDepartmentMessage } from './department-messages.ts';
import { DepartmentRow } from './department-row.tsx';
import { useDepartments } from './departments-api.ts';
import { useDepartmentChanges } from './use-department-changes.ts';

/**
 * The customer-support card's departments (spec part 2 §6): where a response's "Connect to customer support"
 * action hands the sender over. Each add, rename and delete is saved at once.
 */
export function SupportDepartments() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const departments = useDepartments();
  const changes = useDepartmentChanges();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const parsed = departmentName.safeParse(name);
    if (!parsed.success) {
      setError(localizeDepartmentMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    changes.add.mutate(parsed.data, {
      onSuccess: () => setName(''),
      onError: (failure) => setError(departmentNameError(t, failure)),
    });
  };

  return (
    <Stack gap="sm" mt="md" data-testid="settings-departments">
      <Divider />
      <div>
        <Title order={4} fz="h5">
          {t('settings.departments.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.departments.hint', { max: formatNumber(DEPARTMENTS_MAX) })}
        </Text>
      </div>
      {departments.isPending ? (
        <Skeleton h={36} />
      ) : departments.isError ? (
        <Alert color="red" variant="light" role="alert">
          {failureMessage(departments.error, t, t('messages.serverError'))}
        </Alert>
      ) : departments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('settings.departments.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-label={t('settings.departments.title')} p={0} m={0}>
          {departments.data.map((department) => (
            <li key={department.id} style={{ listStyle: 'none' }}>
              <DepartmentRow department={department} changes={changes} />
            </li>
          ))}
        </Stack>
      )}
      <TextInput
        label={t('settings.departments.newName')}
        placeholder={t('settings.departments.newPlaceholder')}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        inputContainer={(field) => (
          <Group gap="xs" wrap="nowrap">
            <Box flex={1}>{field}</Box>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              loading={changes.add.isPending}
              onClick={add}
            >
              {t('settings.departments.add')}
            </Button>
          </Group>
        )}
      />
    </Stack>
  );
}

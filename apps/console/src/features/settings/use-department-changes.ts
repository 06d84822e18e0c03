import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { departmentFailureMessage } from './department-messages.ts';
import { addDepartment, deleteDepartment, departmentsQueryKey, renameDepartment } from './departments-api.ts';

/**
 * The three changes of the departments list, each saved at once: a toast says it worked (and the list reloads)
 * or why not; the caller shows a refused name's field error at its field.
 */
export function useDepartmentChanges() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const succeeded = (message: string) => {
    notifications.show({ color: 'green', message });
    return queryClient.invalidateQueries({ queryKey: departmentsQueryKey });
  };
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: t('settings.failedTitle'),
      message: departmentFailureMessage(t, error),
    });
  const add = useMutation({
    mutationFn: addDepartment,
    onSuccess: (_answer, name) => succeeded(t('settings.departments.added', { name: name.trim() })),
    onError: failed,
  });
  const rename = useMutation({
    mutationFn: renameDepartment,
    onSuccess: (_answer, { name }) => succeeded(t('settings.departments.renamed', { name: name.trim() })),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => deleteDepartment(id),
    onSuccess: (_answer, { name }) => succeeded(t('settings.departments.deleted', { name })),
    onError: failed,
  });
  return { add, rename, remove };
}

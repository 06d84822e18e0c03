import type { ServiceRecord } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { commandsKey } from '../../lib/commands-api.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { deleteService, servicesKey } from './services-api.ts';

/**
 * Asks "Do you really need to delete {name} ?", then deletes. Success reloads the lists (on the same page);
 * a failure shows the server msg as an error toast (spec part 1 §8).
 */
export function useDeleteService() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteService,
    onSuccess: () => {
      // The service's commands (and their breadcrumb names) are gone too: drop them rather than show stale data.
      queryClient.removeQueries({ queryKey: commandsKey });
      queryClient.removeQueries({ queryKey: ['crumb-name'] });
      return queryClient.invalidateQueries({ queryKey: servicesKey });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });
  return (service: ServiceRecord) =>
    confirmDelete({ t, name: service.service_name, onConfirm: () => mutation.mutate(service.service_id) });
}

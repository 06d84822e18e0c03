import { useQuery } from '@tanstack/react-query';
import { fetchServiceChoices, type ServiceChoices, servicesKey } from '../services/index.ts';

/**
 * The owner's services and their commands, read again whenever a picker opens on a screen: commands made
 * elsewhere since (another tab, the API) must be offered. Shares the header shortcut's cache.
 */
export function useFreshServiceChoices() {
  return useQuery({
    queryKey: [...servicesKey, 'choices'],
    queryFn: fetchServiceChoices,
    refetchOnMount: 'always',
  });
}

/** The owner's commands grouped by service, as a Select's options (the list's filter, the inbox's picker). */
export function commandOptions(choices: ServiceChoices | undefined) {
  return (choices?.private ?? [])
    .filter((service) => service.commands.length > 0)
    .map((service) => ({
      group: service.service_name,
      items: service.commands.map((command) => ({
        value: String(command.command_id),
        label: command.command_name,
      })),
    }));
}

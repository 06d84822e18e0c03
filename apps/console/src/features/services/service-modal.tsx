import { type ServiceRecord, saveServiceRequest } from '@hiwar/contracts';
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { localizeFormErrors } from './feature-messages.ts';
import { saveService, servicesKey } from './services-api.ts';

interface ServiceModalProps {
  opened: boolean;
  /** the service to edit; null adds a new one */
  service: ServiceRecord | null;
  onClose: () => void;
  onSaved?: (serviceId: number) => void;
}

interface ServiceFormValues {
  service_name: string;
  service_description: string;
  isActive: boolean;
  isPublic: boolean;
}

function formValuesOf(service: ServiceRecord | null): ServiceFormValues {
  return {
    service_name: service?.service_name ?? '',
    service_description: service?.service_description ?? '',
    // Spec §4: a new service is added as active.
    isActive: service ? service.service_status === 1 : true,
    isPublic: service ? service.is_public === 1 : false,
  };
}

function requestOf(values: ServiceFormValues) {
  return {
    service_name: values.service_name.trim(),
    service_description: values.service_description,
    service_status: values.isActive ? 1 : 0,
    is_public: values.isPublic ? 1 : 0,
  } as const;
}

/** Add or edit a service (spec part 1 §2 Services): name, description, status and public switches. */
export function ServiceModal({ opened, service, onClose, onSaved }: ServiceModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ServiceFormValues>({
    initialValues: formValuesOf(service),
    validate: (values) => localizeFormErrors(schemaValidator(saveServiceRequest, t)(requestOf(values)), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for another service.
  useEffect(() => {
    if (!opened) return;
    form.setValues(formValuesOf(service));
    form.clearErrors();
  }, [opened, service]);

  const mutation = useMutation({
    mutationFn: (values: ServiceFormValues) => saveService(service?.service_id ?? 0, requestOf(values)),
    onSuccess: (serviceId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: servicesKey });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name', 'services', String(serviceId)] });
      onSaved?.(serviceId);
      onClose();
    },
    onError: (error) => {
      const fieldErrors = localizeFormErrors(serverFieldErrors(error, t, 'service_name'), t);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) });
    },
  });

  const title = service ? t('services.modal.editTitle') : t('services.modal.addTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('services.fields.name')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('service_name')}
          />
          <Textarea
            label={t('services.fields.description')}
            rows={2}
            {...form.getInputProps('service_description')}
          />
          <Switch
            label={t('services.fields.status')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Switch
            label={t('services.fields.public')}
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

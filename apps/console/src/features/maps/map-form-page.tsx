import { saveMapRequest } from '@hiwar/contracts';
import { Button, Card, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { routeId } from '../../lib/route-ids.ts';
import { localizeMapErrors } from './map-messages.ts';
import { mapsKey, saveMap, useMap } from './maps-api.ts';

/** /maps/{id} (0 is new): a single required title; after a save the page is the map's edit page. */
export function MapFormPage() {
  const { t } = useTranslation();
  const mapId = routeId(useParams(), 'map_id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const map = useMap(mapId);
  const form = useForm({
    initialValues: { title: '' },
    validate: (values) => localizeMapErrors(schemaValidator(saveMapRequest, t)(values), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded map.
  useEffect(() => {
    form.setValues({ title: map.data?.title ?? '' });
    form.resetDirty();
  }, [map.data]);

  const mutation = useMutation({
    mutationFn: (title: string) => saveMap(mapId, title.trim()),
    onSuccess: (savedId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: mapsKey });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name'] });
      if (savedId !== mapId) navigate(`/maps/${savedId}`, { replace: true });
    },
    // Spec part 2 §8: a failed map call only clears the loader; a refused field still says why.
    onError: (error) => form.setErrors(localizeMapErrors(serverFieldErrors(error, t, 'title'), t)),
  });

  if (mapId > 0 && map.isPending) return <Loader />;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{mapId > 0 ? t('maps.form.editTitle') : t('maps.form.addTitle')}</Title>
      <Card shadow="xs">
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values.title))} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('maps.fields.title')}
              withAsterisk
              data-autofocus
              {...form.getInputProps('title')}
            />
            <Group justify="flex-end">
              {mapId > 0 && (
                <Button component={Link} to={`/locations/${mapId}`} variant="default">
                  {t('maps.form.locations')}
                </Button>
              )}
              <Button component={Link} to="/maps" variant="default">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

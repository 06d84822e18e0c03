import { MAP_TITLE_MAX, type Place, saveLocationRequest } from '@hiwar/contracts';
import {
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { coordinateText } from '../../lib/coordinate-text.ts';
import { schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { routeId } from '../../lib/route-ids.ts';
import { type LocationFormValues, locationFormValuesOf, locationRequestOf } from './location-form-values.ts';
import { localizeMapErrors } from './map-messages.ts';
import { mapsKey, saveLocation, useLocation, useMapChoices } from './maps-api.ts';
import { PlaceSearch } from './place-search.tsx';

/**
 * /locations/{map}/{id} (id 0 is new): title, x, y, yaw as decimals; the map selector shows only when the map
 * route param is 0. After a save the page is the location's edit page under the same map param. A place found by
 * the place search fills x with its latitude and y with its longitude (and an empty title with its name).
 */
export function LocationFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const routeMapId = routeId(params, 'map_id');
  const locationId = routeId(params, 'location_id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation(locationId);
  const maps = useMapChoices(routeMapId === 0);
  const form = useForm<LocationFormValues>({
    initialValues: locationFormValuesOf(undefined, routeMapId),
    validate: (values) =>
      localizeMapErrors(schemaValidator(saveLocationRequest, t)(locationRequestOf(values, routeMapId)), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded location.
  useEffect(() => {
    form.setValues(locationFormValuesOf(location.data, routeMapId));
    form.resetDirty();
  }, [location.data, routeMapId]);

  const mutation = useMutation({
    mutationFn: (values: LocationFormValues) =>
      saveLocation(locationId, locationRequestOf(values, routeMapId)),
    onSuccess: (savedId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: mapsKey });
      if (savedId !== locationId) navigate(`/locations/${routeMapId}/${savedId}`, { replace: true });
    },
    // Spec part 2 §8: a failed location call only clears the loader; a refused field still says why.
    onError: (error) => form.setErrors(localizeMapErrors(serverFieldErrors(error, t, 'title'), t)),
  });

  function fillFromPlace(place: Place) {
    form.setValues({
      title: form.values.title.trim() === '' ? place.title.slice(0, MAP_TITLE_MAX) : form.values.title,
      x: coordinateText(place.lat),
      y: coordinateText(place.lng),
    });
  }

  if (locationId > 0 && location.isPending) return <Loader />;
  const decimalProps = { withAsterisk: true, inputMode: 'decimal' as const, dir: 'ltr' };
  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>
        {locationId > 0 ? t('maps.locationForm.editTitle') : t('maps.locationForm.addTitle')}
      </Title>
      <Card shadow="xs">
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
          <Stack gap="md">
            {routeMapId === 0 && (
              <Select
                label={t('maps.fields.map')}
                withAsterisk
                data={(maps.data ?? []).map((map) => ({ value: String(map._id), label: map.title }))}
                searchable
                data-testid="location-map"
                {...form.getInputProps('map_id')}
                onChange={(value) => form.setFieldValue('map_id', value ?? '')}
              />
            )}
            <TextInput
              label={t('maps.fields.title')}
              withAsterisk
              data-autofocus
              {...form.getInputProps('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {/* the spec's names stay; which is which is said beneath them */}
              <TextInput
                label={t('maps.fields.x')}
                description={t('maps.fields.xMeaning')}
                {...decimalProps}
                {...form.getInputProps('x')}
              />
              <TextInput
                label={t('maps.fields.y')}
                description={t('maps.fields.yMeaning')}
                {...decimalProps}
                {...form.getInputProps('y')}
              />
              <TextInput
                label={t('maps.fields.yaw')}
                description={t('maps.fields.yawMeaning')}
                {...decimalProps}
                {...form.getInputProps('yaw')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button component={Link} to={`/locations/${routeMapId}`} variant="default">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card shadow="xs">
        <Stack gap="sm">
          <Title order={4}>{t('places.find')}</Title>
          <Text size="sm" c="dimmed">
            {t('maps.locationForm.placeHint')}
          </Text>
          <PlaceSearch pickLabel={t('places.use')} onPick={fillFromPlace} />
        </Stack>
      </Card>
    </Stack>
  );
}

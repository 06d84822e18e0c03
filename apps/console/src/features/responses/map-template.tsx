import { MAX_LOCATIONS, type ResponseBody } from '@hiwar/contracts';
import { ActionIcon, Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coordinateText } from '../../lib/coordinate-text.ts';
import { numberText, PickerMap } from '../datasets/index.ts';
import { PlaceSearch } from '../maps/index.ts';
import type { StepProps } from './step-props.ts';

type Place = ResponseBody['resp_location_resp_struct'][number];
/** A place as typed: coordinates stay text until saved, so a half-typed decimal is not lost. */
type PlaceDraft = { title: string; lat: number | string; lng: number | string };

function isEmptyPlace(place: PlaceDraft): boolean {
  return place.title.trim() === '' && String(place.lat).trim() === '' && String(place.lng).trim() === '';
}

/** The typed point as Leaflet takes it (latitude first), or null while a coordinate is missing. */
function pointOf(lat: string, lng: string): [number, number] | null {
  if (lat.trim() === '' || lng.trim() === '') return null;
  const point: [number, number] = [Number(lat), Number(lng)];
  return point.every(Number.isFinite) ? point : null;
}

/**
 * The Map tab: at most 5 places, each a title with a latitude and a longitude, picked on the map or found by name
 * (the server's place search; a found place fills an empty row the owner added). A refused save names the row and
 * marks its fields.
 */
export function MapTemplate({ record, onChange, errors }: StepProps) {
  const { t } = useTranslation();
  const places = record.resp_location_resp_struct as PlaceDraft[];
  const [chosen, setChosen] = useState(0);
  const setPlaces = (next: PlaceDraft[]) => onChange({ resp_location_resp_struct: next as Place[] });
  const setPlace = (index: number, place: PlaceDraft) =>
    setPlaces(places.map((old, at) => (at === index ? place : old)));
  const isFull = places.length >= MAX_LOCATIONS;
  const latText = String(places[chosen]?.lat ?? '');
  const lngText = String(places[chosen]?.lng ?? '');
  const point = useMemo(() => pointOf(latText, lngText), [latText, lngText]);
  function addPlace(place: PlaceDraft) {
    if (isFull) return;
    setPlaces([...places, place]);
    setChosen(places.length);
  }
  /** A place found by name fills the empty row the owner just added (the chosen one first), else a new row. */
  function placeFound(place: PlaceDraft) {
    const chosenIsEmpty = places[chosen] !== undefined && isEmptyPlace(places[chosen]);
    const empty = chosenIsEmpty ? chosen : places.findIndex(isEmptyPlace);
    if (empty < 0) {
      addPlace(place);
      return;
    }
    setPlace(empty, place);
    setChosen(empty);
  }
  const fieldError = (index: number, field: keyof PlaceDraft) =>
    errors[`resp_location_resp_struct.${index}.${field}`] ?? errors[`resp_location_resp_struct.${index}`];
  const rowWithError = places.findIndex(
    (_, index) => fieldError(index, 'lat') ?? fieldError(index, 'lng') ?? fieldError(index, 'title'),
  );
  const rowError =
    rowWithError < 0
      ? undefined
      : t('responses.map.rowError', {
          number: rowWithError + 1,
          message:
            fieldError(rowWithError, 'lat') ??
            fieldError(rowWithError, 'lng') ??
            fieldError(rowWithError, 'title'),
        });
  const error = errors.resp_location_resp_struct ?? rowError;
  return (
    <Stack gap="md">
      {error && <Alert color="red">{error}</Alert>}
      <Radio.Group value={String(chosen)} onChange={(value) => setChosen(Number(value))}>
        <Stack gap="xs">
          {places.map((place, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a place has no id; its place in the list is its identity
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap" data-testid="map-place">
              <Radio
                value={String(index)}
                aria-label={t('responses.map.choose', { number: index + 1 })}
                mb={8}
              />
              <TextInput
                style={{ flex: 2 }}
                label={t('responses.map.title', { number: index + 1 })}
                value={place.title}
                error={fieldError(index, 'title') !== undefined}
                onChange={(event) => setPlace(index, { ...place, title: event.currentTarget.value })}
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('responses.map.lat', { number: index + 1 })}
                withAsterisk
                inputMode="decimal"
                dir="ltr"
                value={String(place.lat)}
                error={fieldError(index, 'lat') !== undefined}
                onChange={(event) =>
                  setPlace(index, { ...place, lat: numberText(event.currentTarget.value) })
                }
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('responses.map.lng', { number: index + 1 })}
                withAsterisk
                inputMode="decimal"
                dir="ltr"
                value={String(place.lng)}
                error={fieldError(index, 'lng') !== undefined}
                onChange={(event) =>
                  setPlace(index, { ...place, lng: numberText(event.currentTarget.value) })
                }
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('responses.map.remove', { number: index + 1 })}
                onClick={() => setPlaces(places.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Radio.Group>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={isFull}
          onClick={() => addPlace({ title: '', lat: '', lng: '' })}
        >
          {t('responses.map.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('responses.map.max', { max: MAX_LOCATIONS })}
        </Text>
      </Group>
      <PlaceSearch
        pickLabel={t('places.add')}
        isPickDisabled={isFull}
        onPick={(place) =>
          placeFound({ title: place.title, lat: coordinateText(place.lat), lng: coordinateText(place.lng) })
        }
      />
      <PickerMap
        point={point}
        onPick={(lat, lng) => {
          const place = places[chosen];
          if (place) setPlace(chosen, { ...place, lat: coordinateText(lat), lng: coordinateText(lng) });
          else addPlace({ title: '', lat: coordinateText(lat), lng: coordinateText(lng) });
        }}
      />
    </Stack>
  );
}

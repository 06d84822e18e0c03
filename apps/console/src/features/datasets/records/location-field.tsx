import { Box, Button, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coordinateText } from '../../../lib/coordinate-text.ts';
import type { LocationMap } from './location-map.ts';
import { numberText } from './number-text.ts';
import { type LocationDraft, storedLocationOf } from './record-drafts.ts';

/** Spec part 2 §9: the map is 240 px high. */
const MAP_HEIGHT = 240;
/** Enough decimals for a metre; a click gives fifteen. */
const PICKED_DECIMALS = 6;

interface LocationFieldProps {
  label: string;
  value: LocationDraft;
  onChange: (value: LocationDraft) => void;
  error?: string;
  disabled?: boolean;
}

/** The typed point as Leaflet takes it (latitude first), or null while the coordinates are incomplete. */
function pointOf(lat: string, lng: string): [number, number] | null {
  const location = storedLocationOf({ lat, lng, address: '' });
  return location ? [location.coordinates[1], location.coordinates[0]] : null;
}

/** The Leaflet map under the inputs: its code loads on first show; a click hands back the point. */
export function PickerMap({
  point,
  onPick,
}: {
  point: [number, number] | null;
  onPick: (lat: number, lng: number) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<LocationMap | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;
  const initialPoint = useRef(point);

  useEffect(() => {
    let isMounted = true;
    import('./location-map.ts')
      .then(({ mountLocationMap }) => {
        if (!isMounted || !container.current) return;
        map.current = mountLocationMap(container.current, initialPoint.current, (lat, lng) =>
          pick.current(lat, lng),
        );
      })
      .catch(() => isMounted && setHasFailed(true));
    return () => {
      isMounted = false;
      map.current?.destroy();
      map.current = null;
    };
  }, []);

  useEffect(() => map.current?.showPoint(point), [point]);

  return (
    <Stack gap={4}>
      <Box
        ref={container}
        h={MAP_HEIGHT}
        // Leaflet lays out its panes and controls left to right; inherited right-to-left it misplaces them
        dir="ltr"
        data-testid="location-map"
        aria-label={t('datasets.records.location.map')}
        role="application"
        style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' }}
      />
      <Text size="xs" c={hasFailed ? 'red' : 'dimmed'}>
        {hasFailed ? t('datasets.records.location.mapFailed') : t('datasets.records.location.mapHint')}
      </Text>
    </Stack>
  );
}

/**
 * A location cell's editor: latitude, longitude and address inputs, and a map (opened on demand) where a click
 * sets the point. Typing coordinates is enough; the map only helps find them.
 */
export function LocationField({ label, value, onChange, error, disabled }: LocationFieldProps) {
  const { t } = useTranslation();
  const [isMapOpen, setIsMapOpen] = useState(false);
  const point = useMemo(() => pointOf(value.lat, value.lng), [value.lat, value.lng]);

  function pickOnMap(lat: number, lng: number) {
    onChange({
      ...value,
      lat: coordinateText(lat, PICKED_DECIMALS),
      lng: coordinateText(lng, PICKED_DECIMALS),
    });
  }

  const coordinateProps = { inputMode: 'decimal' as const, dir: 'ltr', disabled, error: Boolean(error) };
  return (
    <Fieldset legend={label} variant="filled" p="sm">
      <Stack gap="xs">
        <SimpleGrid cols={2}>
          <TextInput
            label={t('datasets.records.location.lat')}
            value={value.lat}
            onChange={(event) => onChange({ ...value, lat: numberText(event.currentTarget.value) })}
            {...coordinateProps}
          />
          <TextInput
            label={t('datasets.records.location.lng')}
            value={value.lng}
            onChange={(event) => onChange({ ...value, lng: numberText(event.currentTarget.value) })}
            {...coordinateProps}
          />
        </SimpleGrid>
        <TextInput
          label={t('datasets.records.location.address')}
          value={value.address}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, address: event.currentTarget.value })}
          error={error}
        />
        {!disabled && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconMapPin size={14} />}
            onClick={() => setIsMapOpen((isOpen) => !isOpen)}
            aria-expanded={isMapOpen}
          >
            {isMapOpen ? t('datasets.records.location.hideMap') : t('datasets.records.location.showMap')}
          </Button>
        )}
        {isMapOpen && !disabled && <PickerMap point={point} onPick={pickOnMap} />}
      </Stack>
    </Fieldset>
  );
}

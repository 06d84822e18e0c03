import type { DatasetField } from '@hiwar/contracts';
import { Badge, Group, Image, Text } from '@mantine/core';
import { OwnText } from '../../../components/own-text.tsx';
import { useFormatNumber } from '../../../lib/format-number.ts';
import { isStoredLocation } from './record-drafts.ts';

/** Spec part 2 §9: an image cell shows a 50×50 thumbnail. */
export const THUMBNAIL_SIZE = 50;

/** A location cell: its address, or "lat, lng" when it has none. */
export function locationLabel(value: unknown): string {
  if (!isStoredLocation(value)) return '';
  const [lng, lat] = value.coordinates;
  return value.address?.trim() ? value.address : `${lat}, ${lng}`;
}

/** One value of a record, shown the way its field's type reads best. */
export function RecordCell({ field, value }: { field: DatasetField; value: unknown }) {
  const formatNumber = useFormatNumber();
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'number':
      return (
        <Text size="sm">
          <bdi dir="ltr">{typeof value === 'number' ? formatNumber(value) : String(value)}</bdi>
        </Text>
      );
    case 'list':
      return (
        <Group gap={4}>
          {(Array.isArray(value) ? value : [value]).map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list may hold the same tag twice.
            <Badge key={index} variant="light" size="sm" tt="none">
              <bdi>{String(item)}</bdi>
            </Badge>
          ))}
        </Group>
      );
    case 'image':
      return (
        <Image
          src={String(value)}
          alt={field.name}
          w={THUMBNAIL_SIZE}
          h={THUMBNAIL_SIZE}
          fit="cover"
          radius="sm"
        />
      );
    case 'location':
      return <OwnText size="sm">{locationLabel(value)}</OwnText>;
    default:
      return (
        <OwnText size="sm" lineClamp={2}>
          {String(value)}
        </OwnText>
      );
  }
}

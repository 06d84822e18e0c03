import { Group, Loader, Text } from '@mantine/core';

/** What a visitor page is doing while it checks a link or a token with the server. */
export function CheckingLine({ label }: { label: string }) {
  return (
    <Group gap="sm">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

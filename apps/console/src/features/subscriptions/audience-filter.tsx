import { notificationPlatforms, type SubscriptionVariable } from '@hiwar/contracts';
import { Badge, Group, Loader, MultiSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import type { PlatformChoice } from './notification-values.ts';
import type { AudienceCount } from './subscriptions-api.ts';

/** The audience's variables: those the subscribers gave values for, then the command's others (no values yet). */
export function filterVariables(
  collected: SubscriptionVariable[],
  commandVariables: { var_name: string }[],
): SubscriptionVariable[] {
  const known = new Set(collected.map((variable) => variable.sv_variable_name));
  const others = commandVariables
    .filter((variable) => !known.has(variable.var_name))
    .map((variable) => ({ sv_variable_name: variable.var_name, vals: [] }));
  return [...collected, ...others];
}

interface AudienceFilterProps {
  variables: SubscriptionVariable[];
  selected: Record<string, string[]>;
  onSelect(name: string, values: string[]): void;
  platform: PlatformChoice;
  onPlatform(platform: PlatformChoice): void;
}

/** Who receives the notification: a platform, and for each variable the values a subscriber must have given. */
export function AudienceFilter({ variables, selected, onSelect, platform, onPlatform }: AudienceFilterProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={4} fz="sm">
        {t('subscriptions.send.audience')}
      </Title>
      <div>
        <Text size="sm" fw={500} mb={4} id="platform-label">
          {t('subscriptions.send.platform')}
        </Text>
        <SegmentedControl
          aria-labelledby="platform-label"
          value={platform}
          onChange={(value) => onPlatform(value as PlatformChoice)}
          data={(['all', ...notificationPlatforms] as const).map((value) => ({
            value,
            label: t(`subscriptions.platforms.${value}`),
          }))}
        />
      </div>
      {variables.map((variable) => (
        <MultiSelect
          key={variable.sv_variable_name}
          label={variable.sv_variable_name}
          labelProps={{ dir: 'auto' }}
          placeholder={
            variable.vals.length === 0 ? t('subscriptions.send.noValues') : t('subscriptions.send.anyValue')
          }
          data={variable.vals}
          value={selected[variable.sv_variable_name] ?? []}
          onChange={(values) => onSelect(variable.sv_variable_name, values)}
          disabled={variable.vals.length === 0}
          searchable
          clearable
          maw={420}
        />
      ))}
    </Stack>
  );
}

/** How many subscribers the audience reaches, and how many on each platform. */
export function AudienceCountLine({
  count,
  isLoading,
}: {
  count: AudienceCount | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  if (!count) return isLoading ? <Loader size="sm" /> : null;
  return (
    <Stack gap={4} data-testid="audience-count">
      <Text fw={600}>{t('subscriptions.send.count', { number: formatNumber(count.count) })}</Text>
      <Group gap="xs">
        {notificationPlatforms.map((platform) => (
          <Badge key={platform} variant="light" tt="none" data-testid={`count-${platform}`}>
            {t(`subscriptions.platforms.${platform}`)}: {formatNumber(count.perPlatform[platform] ?? 0)}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

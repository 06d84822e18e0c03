import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  web: 'indigo',
  telegram: 'cyan',
  facebook: 'blue',
  whatsapp: 'green',
  google_chat: 'teal',
};

/** The platform a sender talks on, by name. */
export function PlatformBadge({ platform }: { platform: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[platform] ?? 'gray'} tt="none">
      {t(`conversations.platforms.${platform}`, { defaultValue: platform })}
    </Badge>
  );
}

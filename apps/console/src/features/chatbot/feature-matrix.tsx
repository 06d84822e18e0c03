import type { ChannelName } from '@hiwar/contracts';
import { Table, Text } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const channels: ChannelName[] = ['facebook', 'telegram', 'hangouts', 'whatsapp'];

/** Spec §2: which channels show which kinds of message. */
export const supportedFeatures: Record<string, readonly ChannelName[]> = {
  questionButtons: ['facebook', 'telegram', 'hangouts'],
  imageAttachment: ['facebook', 'telegram', 'hangouts'],
  videoAttachment: ['facebook', 'telegram'],
  audioAttachment: ['facebook', 'telegram'],
  locationAttachment: ['facebook', 'telegram'],
};

export function FeatureMatrix() {
  const { t } = useTranslation();
  return (
    <div>
      <Text fw={500} size="sm" mb="xs">
        {t('chatbot.features.title')}
      </Text>
      <Table withTableBorder ta="center" aria-label={t('chatbot.features.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {channels.map((channel) => (
              <Table.Th key={channel} ta="center">
                {t(`chatbot.channels.${channel}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(supportedFeatures).map(([feature, supported]) => (
            <Table.Tr key={feature}>
              <Table.Td ta="start">{t(`chatbot.features.${feature}`)}</Table.Td>
              {channels.map((channel) => (
                <Table.Td key={channel}>
                  {supported.includes(channel) ? (
                    <IconCheck
                      size={16}
                      color="var(--mantine-color-green-7)"
                      aria-label={t('chatbot.features.supported')}
                    />
                  ) : (
                    <IconMinus
                      size={16}
                      color="var(--mantine-color-gray-5)"
                      aria-label={t('chatbot.features.unsupported')}
                    />
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

import type { ChatbotApps } from '@hiwar/contracts';
import { Anchor, Badge, Box, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FeatureMatrix } from './feature-matrix.tsx';
import { SettingsSection } from './form-parts.tsx';
import { type ChatbotIdentity, instructionRows, statusColors } from './instruction-links.ts';

function LinkCell({ href }: { href: string }) {
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noreferrer"
      size="xs"
      style={{ wordBreak: 'break-all' }}
      dir="ltr"
    >
      {href}
    </Anchor>
  );
}

/** The bot instructions per channel: status, and the authorisation and broadcast addresses. */
export function InstructionsSection({ apps, identity }: { apps: ChatbotApps; identity: ChatbotIdentity }) {
  const { t } = useTranslation();
  const rows = instructionRows(window.location.origin, apps, identity);
  return (
    <SettingsSection
      id="instructions"
      title={t('chatbot.instructions.title')}
      hint={t('chatbot.instructions.hint')}
    >
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder verticalSpacing="xs" aria-label={t('chatbot.instructions.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chatbot.instructions.channel')}</Table.Th>
              <Table.Th>{t('chatbot.instructions.status')}</Table.Th>
              <Table.Th>{t('chatbot.instructions.authorize')}</Table.Th>
              <Table.Th>{t('chatbot.instructions.broadcast')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: several Facebook pages may share a name; rows never reorder
              <Table.Tr key={`${row.channel}-${index}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {t(`chatbot.channels.${row.channel}`)}
                  </Text>
                  {row.label && (
                    <Text size="xs" c="dimmed">
                      {row.label}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Box miw="max-content">
                    <Badge color={statusColors[row.status]} variant="light">
                      {t(`chatbot.instructions.statuses.${row.status}`)}
                    </Badge>
                  </Box>
                </Table.Td>
                <Table.Td>
                  <LinkCell href={row.authorizeUrl} />
                </Table.Td>
                <Table.Td>
                  <LinkCell href={row.broadcastUrl} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FeatureMatrix />
    </SettingsSection>
  );
}

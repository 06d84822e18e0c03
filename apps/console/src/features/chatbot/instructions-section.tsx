import type { ChatbotApps } from '@hiwar/contracts';
import { Anchor, Badge, Box, Group, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useChannelsStatus } from './chatbot-api.ts';
import { FeatureMatrix } from './feature-matrix.tsx';
import { SettingsSection } from './form-parts.tsx';
import {
  type ChatbotIdentity,
  type InstructionRow,
  instructionRows,
  statusColors,
  withPlatformStatus,
} from './instruction-links.ts';

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

const TOKEN_REFUSED = 'Telegram refused the bot token: check it in @BotFather';
const HTTPS_REQUIRED =
  'Telegram only delivers to https addresses: set PUBLIC_URL to the https address of this server';
const PLATFORM_ANSWERED = /^Telegram answered: (.*)$/s;

/** The server's reason in the current language when it is one the console knows; else as the server wrote it. */
function localizeReason(t: TFunction, reason: string): string {
  if (reason === TOKEN_REFUSED) return t('chatbot.instructions.reasons.tokenRefused');
  if (reason === HTTPS_REQUIRED) return t('chatbot.instructions.reasons.httpsRequired');
  const answered = PLATFORM_ANSWERED.exec(reason);
  if (answered) return t('chatbot.instructions.reasons.platformAnswered', { description: answered[1] });
  return reason;
}

const reasonIdOf = (row: InstructionRow, index: number) => `instruction-reason-${row.channel}-${index}`;

/** One channel's row; the platform's reason for not taking it shows on a row of its own right below. */
function InstructionRows({ row, index }: { row: InstructionRow; index: number }) {
  const { t } = useTranslation();
  const hasReason = row.reason !== '';
  // the reason row belongs to the channel's row: no border between them
  const joined = hasReason ? { borderBottom: 0 } : undefined;
  return (
    <>
      <Table.Tr data-channel={row.channel} data-status-source={row.source} style={joined}>
        <Table.Td style={joined}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {t(`chatbot.channels.${row.channel}`)}
          </Text>
          {row.label && (
            <Text size="xs" c="dimmed">
              {row.label}
            </Text>
          )}
          {row.account && (
            <Text size="xs" c="dimmed">
              {/* a Latin @username: its own direction, on the reading side of the cell */}
              <span dir="ltr" data-testid="channel-account">
                {row.account}
              </span>
            </Text>
          )}
        </Table.Td>
        <Table.Td style={joined}>
          <Box miw="max-content">
            <Badge
              color={statusColors[row.status]}
              variant="light"
              aria-describedby={hasReason ? reasonIdOf(row, index) : undefined}
            >
              {t(`chatbot.instructions.statuses.${row.status}`)}
            </Badge>
          </Box>
        </Table.Td>
        <Table.Td style={joined}>
          <LinkCell href={row.authorizeUrl} />
        </Table.Td>
        <Table.Td style={joined}>
          <LinkCell href={row.broadcastUrl} />
        </Table.Td>
      </Table.Tr>
      {hasReason && (
        <Table.Tr data-reason-of={row.channel}>
          <Table.Td colSpan={4} pt={0}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={16}
                color={`var(--mantine-color-${statusColors[row.status]}-filled)`}
                style={{ flexShrink: 0, marginTop: 2 }}
                aria-hidden
              />
              <Text size="sm" id={reasonIdOf(row, index)} data-testid="channel-reason">
                {localizeReason(t, row.reason)}
              </Text>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/**
 * The bot instructions per channel: status, and the authorisation and broadcast addresses. A channel the
 * server has connected shows what its platform answered (status, the bot's account, why it is not active);
 * the others show the status their switches make.
 */
export function InstructionsSection({ apps, identity }: { apps: ChatbotApps; identity: ChatbotIdentity }) {
  const { t } = useTranslation();
  const connections = useChannelsStatus();
  const rows = withPlatformStatus(instructionRows(window.location.origin, apps, identity), connections.data);
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
              <InstructionRows key={`${row.channel}-${index}`} row={row} index={index} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FeatureMatrix />
    </SettingsSection>
  );
}

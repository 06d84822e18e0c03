import { Anchor, Button, Card, Group, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAd2,
  IconFileOff,
  IconInfoCircle,
  IconMessageDots,
  IconMessageReply,
  IconVariable,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useCommand } from '../../lib/commands-api.ts';
import { parseCommandId } from '../../lib/route-ids.ts';
import { useService } from '../services/index.ts';
import { TestChatButton } from '../test-chat/index.ts';
import { commandTabs, tabOfPath } from './command-tabs.ts';
import { ReplyLanguageWarning } from './reply-language-warning.tsx';

const tabIcons = {
  about: IconInfoCircle,
  variables: IconVariable,
  examples: IconMessageDots,
  response: IconMessageReply,
  advertises: IconAd2,
} as const;

function isMissing(error: unknown) {
  return error instanceof ApiError && error.httpStatus === 404;
}

/** What a command's page shows once its command is gone: deleted (in another tab, say) or never the user's. */
function MissingCommand({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="command-missing">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        <IconFileOff size={36} stroke={1.5} />
      </ThemeIcon>
      <Title order={2}>{t('commands.missing.title')}</Title>
      <Text c="dimmed" maw={420}>
        {t('commands.missing.body')}
      </Text>
      <Button component={Link} to={`/services/${serviceId}/commands`} variant="light">
        {t('commands.missing.back')}
      </Button>
    </Stack>
  );
}

/**
 * A command's page (spec part 1 §2 Command tabs): the tab bar and the chosen tab. Command id 0 creates; every tab
 * but about stays disabled until the command exists.
 */
export function CommandPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const serviceId = Number(params.serviceId);
  const commandId = parseCommandId(params.commandId);
  const service = useService(serviceId);
  const command = useCommand(commandId);
  const activeTab = tabOfPath(pathname);
  const basePath = `/services/${serviceId}/commands/${commandId}`;
  const isNew = commandId === 0;

  const isMalformedId = (value: string | undefined) => value !== undefined && !/^\d+$/.test(value);
  if (isMalformedId(params.serviceId) || isMalformedId(params.commandId))
    return <Navigate to="/404" replace />;
  if (isNew && activeTab !== 'about') return <Navigate to={`${basePath}/about`} replace />;
  if (isMissing(command.error)) return <MissingCommand serviceId={serviceId} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          {/* the owner's names keep their own direction (an English "Hours!" in the Arabic console) */}
          <Title order={2}>
            {isNew ? t('commands.newTitle') : <bdi>{command.data?.command_name ?? '…'}</bdi>}
          </Title>
          <Anchor component={Link} to={`/services/${serviceId}/commands`} size="sm" c="dimmed">
            <bdi>{service.data?.service_name ?? t('commands.title')}</bdi>
          </Anchor>
        </div>
        <TestChatButton
          command={command.data && !isNew ? { id: commandId, name: command.data.command_name } : undefined}
        />
      </Group>
      {command.data && !isNew && (
        <ReplyLanguageWarning
          commandId={commandId}
          commandLang={command.data.command_lang}
          responsePath={`${basePath}/response`}
        />
      )}
      <Card shadow="xs" p={0}>
        <Tabs value={activeTab} onChange={(tab) => tab && navigate(`${basePath}/${tab}`)} keepMounted={false}>
          <Tabs.List px="md" pt="xs">
            {commandTabs.map((tab) => {
              const Icon = tabIcons[tab];
              return (
                <Tabs.Tab
                  key={tab}
                  value={tab}
                  disabled={isNew && tab !== 'about'}
                  leftSection={<Icon size={16} />}
                >
                  {t(`commands.tabs.${tab}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Stack p="lg">
            {isNew && (
              <Text size="sm" c="dimmed">
                {t('commands.saveFirst')}
              </Text>
            )}
            <Outlet />
          </Stack>
        </Tabs>
      </Card>
    </Stack>
  );
}

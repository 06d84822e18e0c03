import type { ChannelConnection, ChannelName, ChatbotApps } from '@hiwar/contracts';

export type InstructionStatus = 'active' | 'inactive' | 'pending' | 'banned';

/** Spec: Active success, Inactive secondary, Pending warning, Banned danger (as Mantine colours). */
export const statusColors: Record<InstructionStatus, string> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
  banned: 'red',
};

export interface ChatbotIdentity {
  chatbotId: number;
  chatbotUserId: number;
  userToken: string;
}

export interface InstructionRow {
  channel: ChannelName;
  /** the Facebook page name; empty for the other channels */
  label: string;
  status: InstructionStatus;
  /** the platform's name for the bot ('@pizza_bot'), '' when the platform has not said */
  account: string;
  /** why the platform does not take the channel, '' when it does or has not said */
  reason: string;
  /** where the status comes from: the platform's last answer, or the form's switches (not connected yet) */
  source: 'platform' | 'form';
  authorizeUrl: string;
  broadcastUrl: string;
}

/** The driver names the server's channel routes use. */
const drivers: Record<ChannelName, string> = {
  facebook: 'fb',
  telegram: 'telegram',
  hangouts: 'hangouts',
  whatsapp: 'whatsapp',
};

/**
 * The authorisation (connect the channel) and broadcast (send to every subscriber) addresses of a channel,
 * built from the chatbot id, its owner's id, its public token and the channel's driver.
 */
export function instructionLinks(origin: string, channel: ChannelName, identity: ChatbotIdentity) {
  const driver = drivers[channel];
  const token = encodeURIComponent(identity.userToken);
  return {
    authorizeUrl: `${origin}/authorize/${driver}/${identity.chatbotUserId}/${identity.chatbotId}?token=${token}`,
    broadcastUrl: `${origin}/broadcast/${driver}/${identity.chatbotId}?token=${token}`,
  };
}

/** On and holding the token the channel sends with: active; on but without it: pending; off: inactive. */
function statusOf(isOn: boolean, hasSendToken: boolean): InstructionStatus {
  if (!isOn) return 'inactive';
  return hasSendToken ? 'active' : 'pending';
}

const filled = (value: string) => value.trim() !== '';

export function instructionRows(
  origin: string,
  apps: ChatbotApps,
  identity: ChatbotIdentity,
): InstructionRow[] {
  const row = (channel: ChannelName, label: string, status: InstructionStatus): InstructionRow => ({
    channel,
    label,
    status,
    account: '',
    reason: '',
    source: 'form',
    ...instructionLinks(origin, channel, identity),
  });
  const pages = apps.facebook.map((page) =>
    row(
      'facebook',
      page.chatbot_app_credentials.name,
      statusOf(page.chatbot_app_status === 1, filled(page.chatbot_app_credentials.access_token)),
    ),
  );
  return [
    ...(pages.length > 0 ? pages : [row('facebook', '', 'inactive')]),
    row(
      'telegram',
      '',
      statusOf(apps.telegram.chatbot_app_status === 1, filled(apps.telegram.chatbot_app_credentials.token)),
    ),
    row(
      'hangouts',
      '',
      statusOf(
        apps.hangouts.chatbot_app_status === 1,
        filled(apps.hangouts.chatbot_app_credentials.credentials),
      ),
    ),
    row(
      'whatsapp',
      '',
      statusOf(apps.whatsapp.chatbot_app_status === 1, filled(apps.whatsapp.chatbot_app_credentials.token)),
    ),
  ];
}

/**
 * The rows with what the platform answered (GET /chatbot/channels_status) for each channel the server has
 * connected; the others (not connected yet) keep the status computed from the switches.
 */
export function withPlatformStatus(
  rows: InstructionRow[],
  connections: Partial<Record<string, ChannelConnection>> | undefined,
): InstructionRow[] {
  return rows.map((row) => {
    const connection = connections?.[row.channel];
    if (!connection) return row;
    return {
      ...row,
      status: connection.status,
      account: connection.account,
      reason: connection.status === 'active' ? '' : connection.reason,
      source: 'platform',
    };
  });
}

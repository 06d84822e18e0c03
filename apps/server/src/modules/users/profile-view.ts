import {
  CS_TIMEOUT_DEFAULT_MINUTES,
  registrationDrivers,
  STORED_SECRET_MASK,
  type UserProfile,
} from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { fromJson } from '../../platform/db/json.ts';
import type { UserRow } from './user-repository.ts';

/** Stored in users.mail_server_cred; the password is encrypted at rest. */
export interface StoredMailServerCred {
  mail_server_username?: string;
  mail_server_password?: string;
}

/** Stored in users.customer_support; the password is encrypted at rest. */
export interface StoredCustomerSupport {
  cs_status?: number;
  cs_username?: string;
  cs_email?: string;
  cs_password?: string;
  cs_endpoint?: string;
  cs_timeout_minutes?: number;
  /** the secret part of the Chatwoot webhook's address (/api/hooks/chatwoot/<user_id>.<token>) */
  cs_webhook_token?: string;
}

export const AVATAR_URL_PREFIX = '/api/avatars/';

function regDriverOf(row: UserRow): UserProfile['user_reg_driver'] {
  const driver = registrationDrivers.find((known) => known === row.user_reg_driver);
  return driver ?? 'web';
}

/** A stored secret as the console sees it: the mask when there is one, never the secret. */
function maskedSecret(encrypted: string | undefined): string {
  return encrypted ? STORED_SECRET_MASK : '';
}

export function mailServerCredOf(row: UserRow): UserProfile['mail_server_cred'] {
  const stored = fromJson<StoredMailServerCred>(row.mail_server_cred, {});
  return {
    mail_server_username: stored.mail_server_username ?? '',
    mail_server_password: maskedSecret(stored.mail_server_password),
  };
}

/** The owner's mail server account with its password, for mail their bots send; null when none is set. */
export function mailAccountOf(
  row: UserRow,
  secrets: SecretBox,
): { username: string; password: string } | null {
  const stored = fromJson<StoredMailServerCred>(row.mail_server_cred, {});
  const username = stored.mail_server_username ?? '';
  const password = secrets.decrypt(stored.mail_server_password ?? '');
  return username !== '' && password !== '' ? { username, password } : null;
}

export function customerSupportOf(row: UserRow): UserProfile['user_customer_support'] {
  const stored = fromJson<StoredCustomerSupport>(row.customer_support, {});
  return {
    cs_status: stored.cs_status ?? 0,
    cs_username: stored.cs_username ?? '',
    cs_email: stored.cs_email ?? '',
    cs_password: maskedSecret(stored.cs_password),
    cs_info: {
      cs_endpoint: stored.cs_endpoint ?? '',
      cs_timeout_minutes: stored.cs_timeout_minutes ?? CS_TIMEOUT_DEFAULT_MINUTES,
      cs_webhook_path: stored.cs_webhook_token
        ? `/api/hooks/chatwoot/${row.user_id}.${stored.cs_webhook_token}`
        : '',
    },
  };
}

/** GET /user/me. Facebook pages join this list when the chatbot module connects them. */
export function profileOf(row: UserRow): UserProfile {
  return {
    is_login: true,
    user_id: row.user_id,
    user_reg_driver: regDriverOf(row),
    username: row.username,
    user_fullname: row.user_fullname,
    user_email: row.user_email,
    avatar: row.avatar ? `${AVATAR_URL_PREFIX}${row.avatar}` : null,
    user_status: row.user_status,
    engine_type: row.engine_type,
    fb_pages: [],
    mail_server_cred: mailServerCredOf(row),
    user_customer_support: customerSupportOf(row),
    pending_email: row.pending_email ?? null,
  };
}

/** The `data` of a successful POST /user/update_settings. */
export function settingsAnswerOf(row: UserRow) {
  const profile = profileOf(row);
  return {
    username: profile.username,
    avatar: profile.avatar,
    user_email: profile.user_email,
    user_fullname: profile.user_fullname,
    mail_server_cred: profile.mail_server_cred,
    user_status: profile.user_status,
    user_customer_support: profile.user_customer_support,
    pending_email: profile.pending_email ?? null,
  };
}

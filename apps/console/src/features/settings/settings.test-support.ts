import type { UserProfile } from '@hiwar/contracts';

/** The signed-in owner's profile as GET /user/me answers it, customer support off unless `support` says. */
export function ownerProfile(support: Partial<UserProfile['user_customer_support']> = {}): UserProfile {
  return {
    is_login: true,
    user_id: 1,
    user_reg_driver: 'web',
    username: 'owner',
    user_fullname: 'Owner Name',
    user_email: 'owner@example.com',
    avatar: null,
    user_status: 1,
    engine_type: 'default',
    fb_pages: [],
    mail_server_cred: { mail_server_username: '', mail_server_password: '' },
    user_customer_support: {
      cs_status: 0,
      cs_username: '',
      cs_email: '',
      cs_password: '',
      cs_info: { cs_endpoint: '', cs_timeout_minutes: 10, cs_webhook_path: '' },
      ...support,
    },
  };
}

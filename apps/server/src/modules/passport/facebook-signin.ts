import type { SocialSigninError } from '@hiwar/contracts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { appSecretProofOf, exchangeLoginCode } from '../../platform/facebook/facebook-login.ts';
import { callGraph, type GraphCallOptions } from '../../platform/facebook/graph-api.ts';
import { findUserIdOfIdentity, hasIdentityOf, linkIdentity } from '../users/social-identity-repository.ts';
import {
  createPendingSocialSignin,
  createSigninTicket,
  type PendingSocialSignin,
} from '../users/social-signin-repository.ts';
import { findUserByEmail, findUserById } from '../users/user-repository.ts';

/** The provider name stored with the account (its `user_reg_driver`) and its identities. */
export const FACEBOOK = 'facebook';
/** The sign-in asks for the person's email address besides their public profile (id and name). */
export const SIGNIN_SCOPE = 'email';

/** What `/me?fields=id,name,email` answers; Facebook leaves out the email of a person who has none confirmed. */
export interface FacebookProfile {
  id?: string;
  name?: string;
  email?: string;
}

export type FacebookSigninOutcome =
  | { kind: 'signed-in'; ticket: string }
  | { kind: 'register'; token: string }
  | { kind: 'refused'; reason: SocialSigninError };

/** The dialog's code exchanged for the person's token, and their profile read with it. */
export async function readFacebookProfile(
  config: Config,
  request: { code: string; redirectUri: string },
  options: GraphCallOptions = {},
): Promise<FacebookProfile> {
  const accessToken = await exchangeLoginCode(config.facebookGraphUrl, config, request, options);
  return callGraph<FacebookProfile>(
    config.facebookGraphUrl,
    {
      method: 'GET',
      path: 'me',
      query: {
        fields: 'id,name,email',
        access_token: accessToken,
        appsecret_proof: appSecretProofOf(config, accessToken),
      },
    },
    options,
  );
}

async function ticketFor(db: Database, userId: number, signin: PendingSocialSignin, browser: string) {
  const user = await findUserById(db, userId);
  if (user?.user_status !== 1) return { kind: 'refused', reason: 'not_active' } as const;
  return { kind: 'signed-in', ticket: await createSigninTicket(db, userId, signin, browser) } as const;
}

/**
 * Who a Facebook person is here: the account they linked; else the account whose proven email Facebook gave
 * (linked now, so a later change of either email keeps it); else a new account to make — a pending sign-in the
 * social register page completes, unless SIGNUP=closed. An account whose email was never proven (SIGNUP=open
 * takes any address) is not signed in by it: whoever typed that address there may not own it. What it gives is
 * bound to `browser` (social-browser.ts).
 */
export async function signInWithFacebook(
  db: Database,
  config: Pick<Config, 'signup'>,
  profile: FacebookProfile,
  browser: string,
): Promise<FacebookSigninOutcome> {
  const subject = profile.id ?? '';
  if (subject === '' || subject.length > 100) return { kind: 'refused', reason: 'facebook' };
  const email = profile.email?.trim() ?? '';
  if (email === '' || email.length > 190) return { kind: 'refused', reason: 'no_email' };
  const signin = { provider: FACEBOOK, subject, email, name: (profile.name ?? '').trim().slice(0, 120) };

  const linkedUserId = await findUserIdOfIdentity(db, signin);
  if (linkedUserId !== null) return ticketFor(db, linkedUserId, signin, browser);

  const owner = await findUserByEmail(db, email);
  if (owner) {
    const isLinkable =
      owner.email_verified_at !== null &&
      !(await hasIdentityOf(db, owner.user_id, FACEBOOK)) &&
      (await linkIdentity(db, owner.user_id, signin));
    return isLinkable
      ? ticketFor(db, owner.user_id, signin, browser)
      : { kind: 'refused', reason: 'email_in_use' };
  }

  if (config.signup === 'closed') return { kind: 'refused', reason: 'closed' };
  return { kind: 'register', token: await createPendingSocialSignin(db, signin, { browser }) };
}

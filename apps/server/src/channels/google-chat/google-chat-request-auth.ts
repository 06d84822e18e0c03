import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

/** The issuer of the tokens Google Chat signs its requests with (audience: the project number). */
export const CHAT_ISSUER = 'chat@system.gserviceaccount.com';

/** Seconds of clock difference allowed between Google and this server. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** One key set per address, kept by jose (cached, fetched again on an unknown key id, at most every 30 s). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(jwksUrl: string) {
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

/**
 * `valid`: the request carries a token Google Chat signed for this project number; `refused`: it does not
 * (missing, forged, another project's, expired); `unavailable`: Google's keys could not be fetched.
 */
export type RequestCheck = 'valid' | 'refused' | 'unavailable';

function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_.-]+)$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

/**
 * Checks the `Authorization: Bearer <JWT>` of a Google Chat request (PLATFORM-NOTES.md "Google Chat"): RS256,
 * signed by a key of Google Chat's JWKS, issuer chat@system.gserviceaccount.com, audience the project number.
 */
export async function checkChatRequest(
  jwksUrl: string,
  authorization: string | undefined,
  projectNumber: string,
): Promise<RequestCheck> {
  const token = bearerOf(authorization);
  if (!token || projectNumber.trim() === '') return 'refused';
  try {
    await jwtVerify(token, keySetOf(jwksUrl), {
      issuer: CHAT_ISSUER,
      audience: projectNumber.trim(),
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat'],
    });
    return 'valid';
  } catch (error) {
    // Google's key set unreachable or unreadable says nothing about the token: not a forgery
    const isKeySetFailure =
      error instanceof errors.JWKSTimeout ||
      !(error instanceof errors.JOSEError) ||
      (error as errors.JOSEError).code === 'ERR_JOSE_GENERIC' ||
      error instanceof errors.JWKSInvalid;
    return isKeySetFailure ? 'unavailable' : 'refused';
  }
}

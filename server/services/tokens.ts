// Issues and verifies HS256 JWTs with SimpleJWT's claims (token_type, exp, iat, jti, user_id).
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { TokenClaims, TokenPair } from '../../contract/entities.js';

/**
 * Clocks of several app servers may drift apart a little; a token (access or refresh) issued
 * further ahead than this is forged, and refused.
 */
export const IAT_LEEWAY_SECONDS = 60;

export interface TokenService {
  /**
   * `generation`: the user's token generation, written into both tokens (absent for 0): a
   * password change or reset moves it, and every token of an older one stops working at once.
   */
  issuePair(userId: number, generation?: number): TokenPair;
  issueAccess(userId: number, generation?: number): string;
  /** Returns the claims of a valid, unexpired token, or null. */
  verify(token: string): TokenClaims | null;
}

/** Tokens fast-jwt remembers as verified (or refused) until they expire: a client sends the same one with every request. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(options: {
  secret: string;
  accessTtl: number;
  refreshTtl: number;
}): TokenService {
  // The payload carries its own iat; fast-jwt keeps it (noTimestamp would drop it).
  const sign = createSigner({ key: options.secret, algorithm: 'HS256' });
  const verifyToken = createVerifier({
    key: options.secret,
    algorithms: ['HS256'],
    cache: VERIFIED_TOKENS_KEPT,
  });

  const issue = (
    userId: number,
    type: TokenClaims['token_type'],
    ttl: number,
    generation = 0,
  ): string => {
    const now = Math.floor(Date.now() / 1000);
    const claims: TokenClaims = {
      token_type: type,
      exp: now + ttl,
      iat: now,
      jti: randomUUID().replaceAll('-', ''),
      user_id: userId,
    };
    if (generation > 0) claims.gen = generation;
    return sign(claims);
  };

  return {
    issuePair: (userId, generation = 0) => ({
      refresh: issue(userId, 'refresh', options.refreshTtl, generation),
      access: issue(userId, 'access', options.accessTtl, generation),
    }),
    issueAccess: (userId, generation = 0) => issue(userId, 'access', options.accessTtl, generation),
    verify(token) {
      try {
        const claims = verifyToken(token) as Partial<TokenClaims>;
        if (
          typeof claims.iat !== 'number' ||
          claims.iat > Date.now() / 1000 + IAT_LEEWAY_SECONDS ||
          (claims.token_type !== 'access' && claims.token_type !== 'refresh') ||
          typeof claims.user_id !== 'number' ||
          typeof claims.jti !== 'string' ||
          typeof claims.exp !== 'number' ||
          (claims.gen !== undefined && typeof claims.gen !== 'number')
        ) {
          return null;
        }
        return claims as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}

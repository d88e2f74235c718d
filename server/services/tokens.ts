// Issues and verifies HS256 JWTs with SimpleJWT's claims (token_type, exp, iat, jti, user_id).
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { TokenClaims, TokenPair } from '../../contract/entities.js';

export interface TokenService {
  /** `generation`: the user's token generation, written into the refresh token (absent for 0). */
  issuePair(userId: number, generation?: number): TokenPair;
  issueAccess(userId: number): string;
  /** Returns the claims of a valid, unexpired token, or null. */
  verify(token: string): TokenClaims | null;
}

export function createTokenService(options: {
  secret: string;
  accessTtl: number;
  refreshTtl: number;
}): TokenService {
  // The payload carries its own iat; fast-jwt keeps it (noTimestamp would drop it).
  const sign = createSigner({ key: options.secret, algorithm: 'HS256' });
  // Caching verified tokens makes repeated requests with the same access token cheap.
  const verifyToken = createVerifier({
    key: options.secret,
    algorithms: ['HS256'],
    cache: 10_000,
    cacheTTL: 60_000,
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
      access: issue(userId, 'access', options.accessTtl),
    }),
    issueAccess: (userId) => issue(userId, 'access', options.accessTtl),
    verify(token) {
      try {
        const claims = verifyToken(token) as Partial<TokenClaims>;
        if (
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

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
  /** `generation`: the user's token generation, written into the refresh token (absent for 0). */
  issuePair(userId: number, generation?: number): TokenPair;
  issueAccess(userId: number): string;
  /** Returns the claims of a valid, unexpired token, or null. */
  verify(token: string): TokenClaims | null;
}

const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens that passed verification, by their exact text, until they expire: a client sends the
 * same access token with every request, and a Map lookup costs far less than checking its HMAC
 * again (or fast-jwt's own cache, which hashes each token to look it up). Keyed by the whole
 * token, so only that very token is ever answered from here. Oldest first out when full.
 */
class VerifiedTokens {
  readonly #claims = new Map<string, TokenClaims>();

  get(token: string): TokenClaims | undefined {
    const claims = this.#claims.get(token);
    if (claims === undefined) return undefined;
    // Valid up to and including its exp second, as fast-jwt checks it.
    if (Date.now() <= claims.exp * 1000) return claims;
    this.#claims.delete(token);
    return undefined;
  }

  add(token: string, claims: TokenClaims): void {
    if (this.#claims.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.#claims.keys().next();
      if (!oldest.done) this.#claims.delete(oldest.value);
    }
    this.#claims.set(token, claims);
  }
}

export function createTokenService(options: {
  secret: string;
  accessTtl: number;
  refreshTtl: number;
}): TokenService {
  // The payload carries its own iat; fast-jwt keeps it (noTimestamp would drop it).
  const sign = createSigner({ key: options.secret, algorithm: 'HS256' });
  const verifyToken = createVerifier({ key: options.secret, algorithms: ['HS256'] });
  const verified = new VerifiedTokens();

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
      const known = verified.get(token);
      if (known) return known;
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
        verified.add(token, claims as TokenClaims);
        return claims as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}

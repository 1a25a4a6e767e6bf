/**
 * Access tokens: HS256 JWTs with the algorithm pinned, an expiry, and the user's token version so that a
 * password change or reset invalidates every token issued before it.
 */
import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokenClaims {
  id: string;
  email: string;
  roles: string;
  /** Bumped on password change/reset; a token carrying an older version is refused. */
  token_version: number;
}

/** Tokens already verified, kept until they expire: a signed token cannot change, so checking it once is enough. */
const MAX_VERIFIED = 10_000;

export class JwtService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, AccessTokenClaims & { exp: number }>();
  constructor(
    secret: string,
    private readonly expiresInSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.expiresInSeconds)
      .sign(this.key);
  }

  /**
   * Returns the claims, or undefined for a token that is malformed, tampered, expired or not HS256. The
   * signature of a token is checked once (the HMAC costs more than the rest of a cached row read); its expiry
   * on every call. Revocation (token version, blocked user) is the caller's check against the user.
   */
  async verify(token: string): Promise<(AccessTokenClaims & { exp: number }) | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.id !== 'string' || typeof payload.token_version !== 'number') return undefined;
      const claims = payload as unknown as AccessTokenClaims & { exp: number };
      if (typeof claims.exp === 'number') {
        if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
        this.verified.set(token, claims);
      }
      return claims;
    } catch {
      return undefined;
    }
  }
}

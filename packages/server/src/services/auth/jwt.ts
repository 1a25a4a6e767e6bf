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

export class JwtService {
  private readonly key: Uint8Array;
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

  /** Returns the claims, or undefined for a token that is malformed, tampered, expired or not HS256. */
  async verify(token: string): Promise<(AccessTokenClaims & { exp: number }) | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.id !== 'string' || typeof payload.token_version !== 'number') return undefined;
      return payload as unknown as AccessTokenClaims & { exp: number };
    } catch {
      return undefined;
    }
  }
}

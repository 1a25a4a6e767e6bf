/** Contracts of the API-token endpoints: `/api/v1/tokens` and `/api/v1/db/meta/projects/{baseId}/api-tokens`. */
import { z } from 'zod';

export const createApiTokenBody = z.object({
  description: z
    .string({ error: 'description must be a string' })
    .trim()
    .max(255, 'description must be at most 255 characters')
    .optional(),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

/** An API token as listed; the secret itself is only ever in the reply to its creation. */
export interface ApiTokenMeta {
  id: string;
  description: string | null;
  fk_user_id: string;
  /** Set for a base-level token: it only reaches that base. */
  base_id: string | null;
  /** The last characters of the secret, to tell tokens apart. */
  token_hint: string | null;
  created_at: number;
}

/** The reply to `POST`: the secret, shown once. */
export interface CreatedApiToken extends ApiTokenMeta {
  token: string;
}

/** Contracts of the bases (projects), base users, visibility rules and sources endpoints (docs/api-compatibility.md). */
import { z } from 'zod';
import { BASE_ROLES } from '../permissions/roles.js';

/** A title as a person types it: trimmed-equal (no leading/trailing spaces), not blank, bounded. */
export const titleSchema = (what: string, max = 255) =>
  z
    .string({ error: `${what} is required` })
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine((s) => s.trim().length > 0, `${what} cannot be blank`)
    .refine((s) => s === s.trim(), `${what} cannot start or end with a space`);

/** Booleans as NocoDB clients send them: true/false or 1/0. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1);

export const connectionConfig = z.looseObject({
  client: z.string({ error: 'client is required' }),
  connection: z.union([z.looseObject({}), z.string()]).optional(),
  searchPath: z.array(z.string()).optional(),
});
export type ConnectionConfig = z.infer<typeof connectionConfig>;

export const createSourceBody = z.looseObject({
  alias: z.string().trim().max(255).optional(),
  type: z.string().optional(),
  config: connectionConfig.optional(),
  inflection_column: z.string().max(32).optional(),
  inflection_table: z.string().max(32).optional(),
  is_meta: flag.optional(),
  /** The owner allows Rowbase to add indexes to this database (docs/performance.md); off by default. */
  auto_index: flag.optional(),
});
export type CreateSourceBody = z.infer<typeof createSourceBody>;

export const updateSourceBody = z.looseObject({
  alias: z.string().trim().max(255).optional(),
  config: connectionConfig.optional(),
  enabled: flag.optional(),
  order: z.number().optional(),
  inflection_column: z.string().max(32).optional(),
  inflection_table: z.string().max(32).optional(),
  auto_index: flag.optional(),
});

export const connectionTestBody = z.looseObject({
  client: z.string({ error: 'client is required' }),
  connection: z.union([z.looseObject({}), z.string()]).optional(),
});

export const createBaseBody = z.looseObject({
  title: titleSchema('Base title', 128),
  description: z.string().max(4096).nullish(),
  color: z.string().max(32).nullish(),
  type: z.enum(['database', 'documentation', 'cowriter', 'dashboard']).optional(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  sources: z.array(createSourceBody).optional(),
  /** Older clients send the sources as `bases`. */
  bases: z.array(createSourceBody).optional(),
});
export type CreateBaseBody = z.infer<typeof createBaseBody>;

export const updateBaseBody = z.looseObject({
  title: titleSchema('Base title', 128).optional(),
  description: z.string().max(4096).nullish(),
  color: z.string().max(32).nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  order: z.number().nullish(),
});
export type UpdateBaseBody = z.infer<typeof updateBaseBody>;

export const baseRoleSchema = z.enum(BASE_ROLES, { error: `roles must be one of ${BASE_ROLES.join(', ')}` });

export const inviteBaseUserBody = z.looseObject({
  email: z.string({ error: 'email is required' }).min(1, 'email is required'),
  roles: baseRoleSchema,
});
export const updateBaseUserBody = z.looseObject({ roles: baseRoleSchema, email: z.string().optional() });

/** One rule: a view hidden from some base roles (`disabled: { viewer: true }`). */
export const visibilityRule = z.looseObject({
  id: z.string().optional(),
  fk_view_id: z.string().optional(),
  disabled: z.record(z.string(), flag),
});
export const visibilityRulesBody = z.array(visibilityRule);

export const duplicateBaseBody = z.looseObject({
  options: z
    .looseObject({ excludeData: z.boolean().optional(), excludeViews: z.boolean().optional() })
    .optional(),
  base: z.looseObject({ title: z.string().optional() }).optional(),
  title: z.string().optional(),
});

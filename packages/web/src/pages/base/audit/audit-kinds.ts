/** The audit entity types and operations of docs/audit.md, offered by the audit page's filters. */
export const AUDIT_TYPES = [
  'DATA',
  'TABLE',
  'TABLE_COLUMN',
  'TABLE_VIEW',
  'PROJECT',
  'META',
  'ORG_USER',
  'AUTHENTICATION',
] as const;

export const AUDIT_OPERATIONS = [
  'INSERT',
  'UPDATE',
  'DELETE',
  'BULK_INSERT',
  'BULK_UPDATE',
  'BULK_DELETE',
  'LINK_RECORD',
  'UNLINK_RECORD',
  'CREATE',
  'INVITE',
  'ROLES_MANAGEMENT',
] as const;

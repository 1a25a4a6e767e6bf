/**
 * The plugins Rowbase ships: what each one is called, its category and the settings it asks for. The settings
 * list is sent to clients as NocoDB's `input_schema`; fields of type `Password` are secrets, sealed at rest and
 * masked in every reply.
 */

export type PluginCategory = 'Email' | 'Storage';

export type PluginFieldType = 'SingleLineText' | 'Password' | 'Checkbox' | 'Number';

export interface PluginField {
  key: string;
  label: string;
  type: PluginFieldType;
  required?: boolean;
  placeholder?: string;
}

export interface PluginDefinition {
  id: string;
  title: string;
  category: PluginCategory;
  description: string;
  fields: PluginField[];
}

export const SMTP_PLUGIN: PluginDefinition = {
  id: 'pl_smtp',
  title: 'SMTP',
  category: 'Email',
  description: 'Send invitations, password resets and notices through any SMTP server.',
  fields: [
    {
      key: 'from',
      label: 'From address',
      type: 'SingleLineText',
      required: true,
      placeholder: 'admin@example.com',
    },
    { key: 'host', label: 'Host', type: 'SingleLineText', required: true, placeholder: 'smtp.example.com' },
    { key: 'port', label: 'Port', type: 'Number', required: true, placeholder: '587' },
    { key: 'secure', label: 'Secure (TLS from the start, usually port 465)', type: 'Checkbox' },
    { key: 'starttls', label: 'Require STARTTLS', type: 'Checkbox' },
    { key: 'ignoreTLS', label: 'Never upgrade to TLS', type: 'Checkbox' },
    { key: 'rejectUnauthorized', label: 'Reject invalid certificates', type: 'Checkbox' },
    { key: 'username', label: 'Username', type: 'SingleLineText' },
    { key: 'password', label: 'Password', type: 'Password' },
  ],
};

export const S3_PLUGIN: PluginDefinition = {
  id: 'pl_s3',
  title: 'S3',
  category: 'Storage',
  description:
    'Keep attachments in S3-compatible object storage: AWS S3, MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces.',
  fields: [
    { key: 'bucket', label: 'Bucket name', type: 'SingleLineText', required: true },
    { key: 'region', label: 'Region', type: 'SingleLineText', required: true, placeholder: 'us-east-1' },
    { key: 'endpoint', label: 'Endpoint (empty for AWS)', type: 'SingleLineText', placeholder: 'https://…' },
    { key: 'access_key', label: 'Access key id', type: 'SingleLineText', required: true },
    { key: 'access_secret', label: 'Secret access key', type: 'Password', required: true },
    {
      key: 'force_path_style',
      label: 'Path-style addressing (MinIO and most self-hosted stores)',
      type: 'Checkbox',
    },
  ],
};

export const PLUGIN_CATALOG: readonly PluginDefinition[] = [SMTP_PLUGIN, S3_PLUGIN];

export function definitionOf(id: string): PluginDefinition | undefined {
  return PLUGIN_CATALOG.find((d) => d.id === id);
}

export function definitionByTitle(title: string): PluginDefinition | undefined {
  return PLUGIN_CATALOG.find((d) => d.title.toLowerCase() === title.toLowerCase());
}

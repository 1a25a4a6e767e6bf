/** Plugins (e-mail, storage) for the super admin: NocoDB's shapes, with `input` and `input_schema` as JSON text. */
import type { ListReply } from '@rowbase/core/api/meta';
import { api } from './client';

export interface PluginField {
  key: string;
  label: string;
  type: 'SingleLineText' | 'Password' | 'Checkbox' | 'Number';
  required?: boolean;
  placeholder?: string;
}

export interface Plugin {
  id: string;
  title: string;
  description: string;
  category: string;
  active: boolean;
  input: string | null;
  input_schema: string;
}

export type PluginSettings = Record<string, string | number | boolean | undefined>;

export const pluginsKey = ['plugins'] as const;

export const pluginsApi = {
  list: () => api.get<ListReply<Plugin>>('/api/v1/db/meta/plugins'),
  save: (id: string, body: { input?: string; active?: boolean }) =>
    api.patch<Plugin>(`/api/v1/db/meta/plugins/${id}`, body),
  test: (body: { id: string; title: string; input: string }) =>
    api.post<boolean>('/api/v1/db/meta/plugins/test', body),
};

export const fieldsOf = (p: Plugin): PluginField[] =>
  (JSON.parse(p.input_schema) as { items: PluginField[] }).items;

export const settingsOf = (p: Plugin): PluginSettings =>
  p.input ? (JSON.parse(p.input) as PluginSettings) : {};

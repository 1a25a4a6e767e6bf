/**
 * A small glyph per UI type, for places that list fields compactly (the ER diagram). Typed over every UI
 * type, so a new type without a glyph fails to compile.
 */
import type { UIType } from '@rowbase/core/fields/ui-types';

export const TYPE_ICONS: { [K in UIType]: string } = {
  ID: '#',
  LinkToAnotherRecord: '⇄',
  Links: '⇄',
  ForeignKey: '⚷',
  Lookup: '⤷',
  SingleLineText: 'A',
  LongText: '¶',
  Attachment: '📎',
  Checkbox: '☑',
  MultiSelect: '☰',
  SingleSelect: '◉',
  Collaborator: '👤',
  Date: '📅',
  Year: 'Y',
  Time: '⏲',
  PhoneNumber: '☎',
  GeoData: '⌖',
  Email: '@',
  URL: '🔗',
  Number: '#',
  Decimal: '.0',
  Currency: '$',
  Percent: '%',
  Duration: '⧗',
  Rating: '★',
  Formula: 'ƒ',
  Rollup: 'Σ',
  Count: 'n',
  DateTime: '🕓',
  CreateTime: '🕓',
  LastModifiedTime: '🕓',
  AutoNumber: '№',
  Geometry: '⬠',
  JSON: '{}',
  SpecificDBType: '⛁',
  Barcode: '▥',
  QrCode: '▣',
  Button: '▭',
  User: '👤',
  Password: '•••',
};

export const typeIcon = (uidt: string): string => (TYPE_ICONS as Record<string, string>)[uidt] ?? '?';

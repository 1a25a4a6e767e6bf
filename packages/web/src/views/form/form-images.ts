/**
 * A form's banner and logo (docs/views.md): uploaded through the storage API and kept in the form's settings
 * `banner_image_url` and `logo_url`, each the stored file as JSON (its path or URL, title and type), as NocoDB
 * keeps them; a plain address is read too. Signed addresses expire, so only the lasting address is kept; the
 * download route answers it for anyone, the public form page included.
 */
import { request } from '../../api/client';

export type FormImageSlot = 'banner' | 'logo';

export interface FormImage {
  path?: string;
  url?: string;
  title?: string;
  mimetype?: string;
}

/** The form setting that keeps a slot's image. */
export const formImageSetting = (slot: FormImageSlot) =>
  slot === 'banner' ? 'banner_image_url' : 'logo_url';

/** The image kept in a slot of the form's settings, if there is one. */
export function formImageOf(
  settings: Record<string, unknown> | null | undefined,
  slot: FormImageSlot,
): FormImage | undefined {
  const raw = settings?.[formImageSetting(slot)];
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  if (!raw.trim().startsWith('{')) return { url: raw.trim() };
  try {
    const v = JSON.parse(raw) as FormImage | null;
    return v && (typeof v.path === 'string' || typeof v.url === 'string') ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Where the browser reads the image: its URL, else the download path on this server. */
export function formImageSrc(image: FormImage): string {
  return image.url ?? `/${(image.path ?? '').replace(/^\//, '')}`;
}

/** Stores an image file and answers what the view's meta keeps of it. */
export async function uploadFormImage(file: File, viewId: string): Promise<FormImage> {
  const form = new FormData();
  form.append('files', file, file.name);
  const [stored] = await request<FormImage[]>('POST', '/api/v1/db/storage/upload', {
    body: form,
    query: { path: `form/${viewId}` },
  });
  if (!stored) throw new Error('No file stored');
  const { path, url, title, mimetype } = stored;
  return { ...(path ? { path } : url ? { url } : {}), title, mimetype };
}

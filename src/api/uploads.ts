/**
 * How files travel (docs/api.md, "Uploads"): as multipart/form-data, the file in a part named
 * after its field (`image`, `video`) and every other field of the body together as one JSON part
 * named `fields`. The spec's JSON body with a base64 data URL in the same field is still accepted,
 * up to the server's MAX_DATA_URL_BYTES (4 MB by default).
 */
export const UPLOAD_FIELDS_PART = 'fields';

/** A body of fields and files as the multipart form every upload route reads. */
export function uploadForm(fields: Record<string, unknown>, files: Record<string, Blob | undefined>): FormData {
  const form = new FormData();
  const rest = Object.fromEntries(Object.entries(fields).filter(([name, value]) => value !== undefined && !(name in files)));
  form.append(UPLOAD_FIELDS_PART, JSON.stringify(rest));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file, 'name' in file && typeof file.name === 'string' ? file.name : name);
  return form;
}

/** The 429 of a member's upload past UPLOADS_AT_ONCE_PER_MEMBER of their own in progress. */
export const uploadsAtOnceMessage = (most: number) =>
  `You already have ${most} uploads in progress: wait for one to finish, then try again`;
/** The 503 of an upload past the server's bytes in flight (with Retry-After). */
export const UPLOADS_BUSY = 'The server is busy receiving other uploads. Please try again in a few seconds.';

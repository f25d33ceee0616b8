/**
 * How files travel (docs/api.md, "Uploads"): as multipart/form-data, the file in a part named
 * after its field (`image`, `video`) and every other field of the body together as one JSON part
 * named `fields`. The spec's JSON body with a base64 data URL in the same field is still accepted,
 * up to the server's MAX_DATA_URL_BYTES (4 MB by default).
 */
export const UPLOAD_FIELDS_PART = 'fields';

/** A data URL's bytes as a file (the browser read the picked file as one for its preview). */
export function dataUrlBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * A body as the multipart form every upload route reads: the files of `fileFields` (a data URL or
 * a Blob) as their own parts, everything else as the JSON part. An empty file field is left out.
 */
export function uploadForm(body: object, fileFields: readonly string[]): FormData {
  const form = new FormData();
  const fields: Record<string, unknown> = {};
  const files: [string, Blob][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (!fileFields.includes(name)) {
      if (value !== undefined) fields[name] = value;
    } else if (value instanceof Blob) files.push([name, value]);
    else if (typeof value === 'string' && value.startsWith('data:')) files.push([name, dataUrlBlob(value)]);
  }
  form.append(UPLOAD_FIELDS_PART, JSON.stringify(fields));
  for (const [name, file] of files) form.append(name, file, name);
  return form;
}

/** The 429 of a member's upload past UPLOADS_AT_ONCE_PER_MEMBER of their own in progress. */
export const uploadsAtOnceMessage = (most: number) =>
  `You already have ${most} uploads in progress: wait for one to finish, then try again`;
/** The 503 of an upload past the server's bytes in flight (with Retry-After). */
export const UPLOADS_BUSY = 'The server is busy receiving other uploads. Please try again in a few seconds.';

import type { Session } from '@tutti/contract/sessions';
import type { TestApp } from './app.ts';
import type { ErrorJson } from './sessions.ts';
import type { SignedInUser } from './users.ts';

export const BOUNDARY = '----tutti-test-boundary';
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body with one file. */
export function multipart(field: string, filename: string, type: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** PUT the session's cover picture (a body made by `multipart`, or anything else with its content type). */
export async function uploadCover(
  t: TestApp,
  user: SignedInUser,
  id: string,
  payload: Buffer,
  contentType = MULTIPART,
): Promise<{ status: number; json: Session & ErrorJson }> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/open-rehearsal/${id}/cover-picture`,
    headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, json: JSON.parse(res.body) as Session & ErrorJson };
}

/** A multipart body of several parts: files (PNG unless their name says .jpg) and text fields, in that order. */
export function multipartForm(files: Record<string, Buffer>, fields: Record<string, string> = {}): Buffer {
  const parts: Buffer[] = [];
  for (const [name, bytes] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

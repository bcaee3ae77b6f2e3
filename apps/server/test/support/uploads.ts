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

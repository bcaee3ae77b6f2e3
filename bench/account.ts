import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface SignedIn {
  email: string;
  password: string;
  accessToken: string;
  headers: Record<string, string>;
}

async function call(origin: string, method: string, route: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${origin}/api/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res;
}

/** The confirmation token from the outbox email (quoted-printable decoded: `=3D`, soft line breaks). */
async function confirmationToken(mailDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const raw = (await readFile(path.join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const token = /validate-account\?token=([A-Za-z0-9._~%-]+)/.exec(raw)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation email for ${email} in ${mailDir}`);
}

/** Signs up, confirms through the emailed token and signs in one user, over HTTP like any client. */
export async function signInBenchUser(origin: string, mailDir: string): Promise<SignedIn> {
  const suffix = randomBytes(4).toString('hex');
  const email = `bench.${suffix}@example.com`;
  const password = `bench-${suffix}-pw`;
  const agent = { 'x-agent': JSON.stringify({ app: 'tutti-bench/1.0.0', serial: randomUUID(), nals: '0.11.0' }) };
  await call(
    origin,
    'POST',
    'v1/accounts',
    { email, password, username: `bench${suffix}`, birthdate: '1990-01-01' },
    agent,
  );
  await call(origin, 'POST', 'v1/accounts/validate', { token: await confirmationToken(mailDir, email) }, agent);
  const tokens = (await (await call(origin, 'POST', 'v1/auth', { email, password }, agent)).json()) as {
    accessToken: string;
  };
  return {
    email,
    password,
    accessToken: tokens.accessToken,
    headers: { ...agent, authorization: `Bearer ${tokens.accessToken}` },
  };
}

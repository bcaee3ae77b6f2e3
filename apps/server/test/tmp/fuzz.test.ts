import { it } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { pgliteDatabase } from '../support/databases.ts';
it('fuzz', async () => {
  const t = await startTestApp(pgliteDatabase());
  const cases: [string, string, Record<string, string>, string?][] = [
    ['GET', '/api/v1/devices/%E0%A4%A', {}],
    ['DELETE', '/api/v1/devices/%E0%A4%A', { authorization: 'Bearer x' }],
    ['GET', '/%E0%A4%A', {}],
    ['POST', '/api/v1/auth', { 'content-type': 'application/json; charset=latin1' }, '{"email":"a","password":"b"}'],
    ['POST', '/api/v1/auth', { 'content-type': 'text/plain' }, 'hello'],
    ['POST', '/api/v1/auth', { 'content-type': 'application/json' }, '{"__proto__":{"x":1},"email":"a","password":"b"}'],
    ['POST', '/api/v1/auth', { 'content-type': 'application/json' }, 'null'],
    ['POST', '/api/v1/auth', { 'content-type': 'application/json', 'x-agent': 'not json' }, '{"email":"a@b.co","password":"bbbbbbbb"}'],
    ['GET', '/api/v1/me', { authorization: 'Basic abc' }],
    ['GET', '/api/v1/me', { authorization: 'Bearer ' + 'a'.repeat(5000) }],
    ['GET', '/api/v1/config?current=true&current=false', {}],
    ['POST', '/api/v1/accounts/validate', { 'content-type': 'application/json' }, '{"token":"' + 'x'.repeat(300) + '"}'],
    ['GET', '/api/../../etc/passwd', {}],
    ['GET', '/../package.json', {}],
    ['OPTIONS', '/api/v1/me', {}],
    ['HEAD', '/api/v1/health', {}],
    ['GET', '/api', {}],
  ];
  const out: string[] = [];
  for (const [method, url, headers, payload] of cases) {
    const r = await t.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload }) });
    out.push(`${r.statusCode} ${method} ${url.slice(0, 50)} ${r.body.slice(0, 140)}`);
  }
  console.log(out.join('\n'));
  await t.close();
});

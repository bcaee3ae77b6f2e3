import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentSchema } from './accounts.ts';
import { EmailSchema, MULTILINE_TEXT_PATTERN, TEXT_PATTERN, text } from './common.ts';
import { endpoints } from './http.ts';

const codes = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.message) ?? [];

describe('text(): the one string schema of every input', () => {
  const single = text().max(100);
  const multi = text({ multiline: true }).max(100);
  const refused = {
    NUL: '\u0000',
    'C0 (bell)': '\u0007',
    escape: '\u001b',
    DEL: '\u007f',
    'C1 (NEL)': '\u0085',
    'C1 (CSI)': '\u009b',
    'zero-width space': '\u200b',
    'word joiner': '\u2060',
    BOM: '\ufeff',
    'line separator': '\u2028',
    'right-to-left override': '\u202e',
    'left-to-right embedding': '\u202a',
    'first strong isolate': '\u2068',
    'lone surrogate': '\ud800',
  };

  it.each(Object.entries(refused))('refuses %s with invalid_characters, in single- and multi-line text', (_, c) => {
    expect(codes(single.safeParse(`a${c}b`))).toEqual(['invalid_characters']);
    expect(codes(multi.safeParse(`a${c}b`))).toEqual(['invalid_characters']);
  });

  it('allows tab and line breaks only in multi-line text', () => {
    for (const c of ['\t', '\n', '\r\n']) {
      expect(codes(single.safeParse(`a${c}b`))).toEqual(['invalid_characters']);
      expect(multi.safeParse(`a${c}b`).success).toBe(true);
    }
  });

  it('accepts real text: accents, right-to-left scripts, joiners, emoji sequences, direction marks', () => {
    for (const s of ['Élodie à la contrebasse', 'فرقة الجاز', 'שלום', 'می‌خواهم', '👩‍🎤🎸', 'abc\u200fdef']) {
      expect(single.safeParse(s).success, s).toBe(true);
    }
  });

  it('reports invalid_characters first, before the other rules of the field', () => {
    expect(codes(single.safeParse(`${'x'.repeat(30)}\u0000`))[0]).toBe('invalid_characters');
    expect(codes(text({ error: 'required' }).safeParse(undefined))).toEqual(['required']);
  });

  it('refuses control characters in emails and in the agent header', () => {
    expect(EmailSchema.safeParse('a\u0000@example.com').success).toBe(false);
    expect(codes(AgentSchema.safeParse({ app: 'web\u0000', serial: 'serial-123' }))).toEqual(['invalid_characters']);
  });
});

type JsonSchema = Record<string, unknown>;
const SAFE_SOURCES = new Set([TEXT_PATTERN.source, MULTILINE_TEXT_PATTERN.source]);
/** Formats whose own pattern admits no control character. */
const STRICT_FORMATS = new Set(['uuid', 'date-time']);

/** Paths of the string nodes of a JSON schema that neither are an enum, nor have a strict format, nor carry the
 *  safe-text pattern: the fields that would let a NUL through to the database. */
function unsafeStrings(node: unknown, path: string): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const n = node as JsonSchema;
  const out: string[] = [];
  if (n.type === 'string' && n.enum === undefined && n.const === undefined) {
    const patterns = [n.pattern, ...((n.allOf as JsonSchema[] | undefined) ?? []).map((s) => s.pattern)];
    const safe = patterns.some((p) => typeof p === 'string' && SAFE_SOURCES.has(p));
    if (!safe && !STRICT_FORMATS.has(n.format as string)) out.push(path);
  }
  for (const [k, v] of Object.entries(n)) {
    if (Array.isArray(v)) v.forEach((item, i) => out.push(...unsafeStrings(item, `${path}.${k}[${i}]`)));
    else if (typeof v === 'object') out.push(...unsafeStrings(v, `${path}.${k}`));
  }
  return out;
}

describe('every string of every endpoint input goes through text()', () => {
  it('the walk finds a plain z.string(), even nested', () => {
    const schema = z.object({ ok: text(), list: z.array(z.object({ bad: z.string() })) });
    expect(unsafeStrings(z.toJSONSchema(schema, { io: 'input' }), 'x')).toEqual([
      'x.properties.list.items.properties.bad',
    ]);
  });

  it.each(Object.entries(endpoints))('%s', (name, def) => {
    const parts = {
      params: 'params' in def && def.params,
      query: 'query' in def && def.query,
      body: 'body' in def && def.body,
    };
    for (const [part, schema] of Object.entries(parts)) {
      if (!schema) continue;
      expect(unsafeStrings(z.toJSONSchema(schema, { io: 'input' }), `${name}.${part}`)).toEqual([]);
    }
  });
});

import { ErrorCodeSchema, FieldErrorCodeSchema } from '@tutti/contract/errors';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

/** Every leaf key as a dotted path: {a: {b: 'x'}} -> ['a.b']. */
function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

/** The text at a dotted path of a tree. */
const valueAt = (tree: Tree, path: string): string | Tree =>
  path.split('.').reduce<string | Tree>((node, key) => (node as Tree)[key]!, tree);

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const byLanguage = (lang: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${lang}/`))
      .map(([path, tree]) => [path.slice(lang.length + 3), tree]),
  );

describe('locales', () => {
  const en = byLanguage('en');
  const fr = byLanguage('fr');

  it('have the same namespaces in English and French', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(0);
  });

  // A `_vowel` form is one language's grammar (French elision, lib/elision.ts): the other falls back to the base key.
  const ELIDED = /_vowel$/;
  const shared = (tree: Tree) => leafKeys(tree).filter((k) => !ELIDED.test(k));

  it.each(Object.keys(en))('%s has the same keys in English and French', (file) => {
    expect(shared(fr[file]!).sort()).toEqual(shared(en[file]!).sort());
  });

  it.each(Object.keys(en))('%s has a base text for every elided form', (file) => {
    for (const tree of [en[file]!, fr[file]!]) {
      const keys = leafKeys(tree);
      const orphans = keys.filter((k) => ELIDED.test(k) && !keys.includes(k.replace(ELIDED, '')));
      expect(orphans).toEqual([]);
    }
  });

  it.each(Object.keys(en))('%s has no empty translation', (file) => {
    for (const tree of [en[file]!, fr[file]!]) {
      const empty = leafKeys(tree).filter((path) => {
        const value = valueAt(tree, path);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it.each(Object.keys(fr))('%s writes French apostrophes as ’, never a straight quote', (file) => {
    const tree = fr[file]!;
    const straight = leafKeys(tree).filter((path) => {
      const value = valueAt(tree, path);
      return typeof value === 'string' && value.includes("'");
    });
    expect(straight).toEqual([]);
  });

  it('translate every error code and field code of the contract', () => {
    const common = en['common.json']!;
    const keys = leafKeys(common);
    const missing = [
      ...ErrorCodeSchema.options.map((c) => `errors.${c}`),
      ...FieldErrorCodeSchema.options.map((c) => `fieldErrors.${c}`),
    ].filter((k) => !keys.includes(k));
    expect(missing).toEqual([]);
  });
});

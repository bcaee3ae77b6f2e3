import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { checkPut, contentTypeOf, UPLOADS_PREFIX, type Storage } from './storage.ts';

/** Files in a folder (DATA_DIR/uploads): the default, for a single instance. */
export function createDiskStorage(root: string): Storage {
  const base = normalize(root);
  // Keys are checked (storage.ts), and a key read back from the database is checked again here: never leave the
  // folder, whatever a key holds.
  const pathOf = (key: string) => {
    contentTypeOf(key);
    const path = normalize(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Storage key escapes the uploads folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, path);
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
    },
    async get(key) {
      const path = pathOf(key);
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), contentType: contentTypeOf(key), size: stats.size };
      } catch (e) {
        await handle.close();
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl: (key) => UPLOADS_PREFIX + key,
    async check() {
      await mkdir(base, { recursive: true });
    },
    close: async () => undefined,
  };
}

const isMissing = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

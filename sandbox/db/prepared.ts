import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Prepared data folders: a fresh embedded database with the small seed costs the migrations and the
 * seed (about 10 s of CPU); a copy of a folder made once costs a fraction of a second. The folder
 * is kept under a key naming what it is made of (the sandbox's code, the code of the app it
 * imports, the documents, the installed packages) and the day, since the seed's play logs end on
 * the day it runs: a change to any of them, or a new day, makes a new folder.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the migrations and the seed are made of, relative to the project's root. */
export const PREPARED_SOURCES = [
  'sandbox',
  'src/api',
  'src/auth',
  'src/config',
  'src/i18n',
  'openapi',
  'package-lock.json',
  'public/config.json',
];

/** Where prepared folders are kept unless SANDBOX_PREPARED_DIR says otherwise. */
export const DEFAULT_PREPARED_DIR = path.join(ROOT, 'node_modules', '.cache', 'ooh-sandbox');

/** The folder of the prepared folders: SANDBOX_PREPARED_DIR, or node_modules/.cache/ooh-sandbox. */
export const preparedDir = (): string => process.env.SANDBOX_PREPARED_DIR || DEFAULT_PREPARED_DIR;

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

/**
 * The name of a prepared folder: the seed size, the UTC day and a hash of every file of `sources`
 * (paths and contents), so that a changed migration, seed or package gives another name.
 */
export function preparedKey(
  size: string,
  { root = ROOT, sources = PREPARED_SOURCES, now = new Date() } = {},
): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((s) => filesUnder(root, s))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return `${size}-${now.toISOString().slice(0, 10)}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * The name of the prepared empty cluster (what PGlite's initdb makes, about 4 s of CPU): it is made
 * of PGlite alone (its initdb takes no setting of ours: UTC, C locale), so it is kept across days
 * and changes of the sandbox's code, and a new version of PGlite makes a new one.
 */
export function clusterKey({ root = ROOT } = {}): string {
  const { version } = JSON.parse(
    readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  return `cluster-pglite-${version}`;
}

/** The folders of one kind (`small-…`, `cluster-…`) replace each other, not those of other kinds. */
const kind = (name: string) => name.slice(0, name.indexOf('-') + 1);

/** How long a half-made folder of another process is left alone before it counts as abandoned. */
const ABANDONED_MS = 30 * 60_000;

/**
 * Fills the empty (or missing) `dataDir` with a copy of the prepared folder named `key` under
 * `cacheDir`, making that folder first with `prepare` when there is none. Folders of other keys
 * of the same kind (the part of the key before its first `-`) are removed once a new one is made. Two processes may make the same folder at once: each works
 * in a folder of its own, the first to finish names it, the other drops its work.
 */
export async function fromPrepared(options: {
  dataDir: string;
  key: string;
  cacheDir?: string;
  prepare: (dir: string) => Promise<void>;
}): Promise<'copied' | 'made'> {
  const { dataDir, key, prepare } = options;
  const cacheDir = options.cacheDir ?? DEFAULT_PREPARED_DIR;
  const ready = path.join(cacheDir, key);
  let how: 'copied' | 'made' = 'copied';
  if (!existsSync(path.join(ready, 'PG_VERSION'))) {
    how = 'made';
    rmSync(ready, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    const work = mkdtempSync(path.join(cacheDir, `${key}.making-`));
    try {
      await prepare(work);
      if (!existsSync(path.join(work, 'PG_VERSION')))
        throw new Error(`la preparazione non ha lasciato un database in ${work}`);
      renameSync(work, ready);
    } catch (error) {
      rmSync(work, { recursive: true, force: true });
      if (!existsSync(path.join(ready, 'PG_VERSION'))) throw error;
    }
    for (const name of readdirSync(cacheDir)) {
      const other = path.join(cacheDir, name);
      if (name === key || !name.startsWith(kind(key))) continue;
      if (name.includes('.making-') && Date.now() - statSync(other).mtimeMs < ABANDONED_MS) continue;
      rmSync(other, { recursive: true, force: true });
    }
  }
  cpSync(ready, dataDir, { recursive: true });
  return how;
}

import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StorageKey, StoragePort } from '@vendo/core';

/** Only the owner may list the folder or read the file: it holds a session token. */
export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;
export const STORAGE_FILE = 'session.json';

/**
 * Where the terminal keeps its session: VENDO_CONFIG_DIR when set (tests, several accounts),
 * else the XDG config folder's `vendo`, else ~/.config/vendo.
 */
export function configFolder(env: NodeJS.ProcessEnv, home: () => string = homedir): string {
  if (env.VENDO_CONFIG_DIR) return env.VENDO_CONFIG_DIR;
  // The XDG spec ignores a relative XDG_CONFIG_HOME.
  const xdg = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : null;
  return join(xdg ?? join(home(), '.config'), 'vendo');
}

interface Entry {
  readonly value: string;
  /** Epoch milliseconds after which the entry reads as absent (the port's maxAgeSeconds). */
  readonly expiresAt: number;
}

type Entries = Record<string, Entry>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Entry).value === 'string' &&
  typeof (value as Entry).expiresAt === 'number';

/**
 * Core's StoragePort on one JSON file. Every write replaces the file whole: a temporary file
 * beside it, created owner-only, flushed, then renamed over it, so a crash or a second process
 * never leaves half a session behind.
 */
export class FileStorage implements StoragePort {
  readonly folder: string;
  readonly file: string;
  private readonly now: () => number;

  constructor(folder: string, now: () => number = Date.now) {
    this.folder = folder;
    this.file = join(folder, STORAGE_FILE);
    this.now = now;
  }

  read(key: StorageKey): string | null {
    const entry = this.entries()[key];
    return entry && entry.expiresAt > this.now() ? entry.value : null;
  }

  write(key: StorageKey, value: string, options: { maxAgeSeconds: number }): void {
    this.save({ ...this.entries(), [key]: { value, expiresAt: this.now() + options.maxAgeSeconds * 1000 } });
  }

  remove(key: StorageKey): void {
    const { [key]: _gone, ...rest } = this.entries();
    this.save(rest);
  }

  private entries(): Entries {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) return {};
      return Object.fromEntries(Object.entries(parsed).filter(([, entry]) => isEntry(entry)));
    } catch {
      // A file someone else wrote, or broke: start over rather than refuse to sign in.
      return {};
    }
  }

  private save(entries: Entries): void {
    mkdirSync(this.folder, { recursive: true, mode: FOLDER_MODE });
    // mkdir's mode yields to the umask, and a folder made earlier keeps its own: set it outright.
    chmodSync(this.folder, FOLDER_MODE);
    const temporary = join(this.folder, `.${STORAGE_FILE}.${randomBytes(6).toString('hex')}`);
    const handle = openSync(temporary, 'wx', FILE_MODE);
    let open = true;
    try {
      writeSync(handle, `${JSON.stringify(entries, null, 2)}\n`);
      fsyncSync(handle);
      closeSync(handle);
      open = false;
      // The umask may narrow the mode given to open; say it exactly.
      chmodSync(temporary, FILE_MODE);
      renameSync(temporary, this.file);
    } catch (error) {
      if (open) closeSync(handle);
      rmSync(temporary, { force: true });
      throw error;
    }
  }
}

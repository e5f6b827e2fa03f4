import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageKeys } from '@vendo/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFolder, FILE_MODE, FileStorage, FOLDER_MODE, STORAGE_FILE } from './storage.ts';

const yearLong = { maxAgeSeconds: 31_536_000 };
const permissions = (path: string) => statSync(path).mode & 0o777;

let sandbox = '';
beforeEach(() => {
  sandbox = mkdtempSync(join(tmpdir(), 'vendo-terminal-storage-'));
});
afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

describe('the session file (spec §7: session data kept one year)', () => {
  it('keeps the token where only its owner may reach it: folder 0700, file 0600', () => {
    const storage = new FileStorage(join(sandbox, 'vendo'));

    storage.write(storageKeys.token, 'tok-1', yearLong);

    expect(permissions(storage.folder)).toBe(FOLDER_MODE);
    expect(permissions(storage.file)).toBe(FILE_MODE);
  });

  it('tightens a folder that was made earlier with wider permissions', () => {
    const folder = join(sandbox, 'vendo');
    mkdirSync(folder);
    chmodSync(folder, 0o755);

    new FileStorage(folder).write(storageKeys.token, 'tok-1', yearLong);

    expect(permissions(folder)).toBe(FOLDER_MODE);
  });

  it('reads back what it wrote, from a new instance (a later command)', () => {
    new FileStorage(sandbox).write(storageKeys.memberId, '42', yearLong);

    expect(new FileStorage(sandbox).read(storageKeys.memberId)).toBe('42');
  });

  it('reads an entry as absent once its max age has run out', () => {
    let now = 1_000_000;
    const storage = new FileStorage(sandbox, () => now);
    storage.write(storageKeys.token, 'tok-1', { maxAgeSeconds: 60 });

    now += 60_000;

    expect(storage.read(storageKeys.token)).toBeNull();
  });

  it('removes one key and keeps the others', () => {
    const storage = new FileStorage(sandbox);
    storage.write(storageKeys.token, 'tok-1', yearLong);
    storage.write(storageKeys.memberId, '42', yearLong);

    storage.remove(storageKeys.token);

    expect([storage.read(storageKeys.token), storage.read(storageKeys.memberId)]).toEqual([null, '42']);
  });

  it('replaces the file whole, never rewriting it in place: a reader of the old file sees it unchanged', () => {
    const storage = new FileStorage(sandbox);
    storage.write(storageKeys.token, 'old', yearLong);
    const before = readFileSync(storage.file, 'utf8');
    // A second name for the same file: an in-place rewrite would change what it reads.
    linkSync(storage.file, join(sandbox, 'old-session.json'));

    storage.write(storageKeys.token, 'new', yearLong);

    expect(readFileSync(join(sandbox, 'old-session.json'), 'utf8')).toBe(before);
    expect(storage.read(storageKeys.token)).toBe('new');
  });

  it('leaves no temporary file behind after writing', () => {
    const storage = new FileStorage(sandbox);

    storage.write(storageKeys.token, 'tok-1', yearLong);
    storage.write(storageKeys.memberId, '42', yearLong);

    expect(readdirSync(sandbox)).toEqual([STORAGE_FILE]);
  });

  it('leaves no temporary file behind when the replace fails, and says so', () => {
    // A folder where the file should be: the final rename cannot happen.
    mkdirSync(join(sandbox, STORAGE_FILE));
    const storage = new FileStorage(sandbox);

    expect(() => storage.write(storageKeys.token, 'tok-1', yearLong)).toThrow();
    expect(readdirSync(sandbox)).toEqual([STORAGE_FILE]);
  });

  it('reads a broken file as no session, and writes over it', () => {
    writeFileSync(join(sandbox, STORAGE_FILE), '{ not json');
    const storage = new FileStorage(sandbox);

    expect(storage.read(storageKeys.token)).toBeNull();
    storage.write(storageKeys.token, 'tok-1', yearLong);
    expect(storage.read(storageKeys.token)).toBe('tok-1');
  });
});

describe('the config folder', () => {
  const home = () => '/home/ana';

  it.each([
    [{ VENDO_CONFIG_DIR: '/tmp/vendo-test' }, '/tmp/vendo-test'],
    [{ VENDO_CONFIG_DIR: '/tmp/vendo-test', XDG_CONFIG_HOME: '/xdg' }, '/tmp/vendo-test'],
    [{ XDG_CONFIG_HOME: '/xdg' }, '/xdg/vendo'],
    [{}, '/home/ana/.config/vendo'],
    // The XDG base directory spec: a relative path is invalid and ignored.
    [{ XDG_CONFIG_HOME: 'relative' }, '/home/ana/.config/vendo'],
  ])('%o → %s', (env, folder) => {
    expect(configFolder(env, home)).toBe(folder);
  });
});

import { describe, expect, it } from 'vitest';
import { httpError } from '../api/api-error.ts';
import { transportError } from '../api/transport-error.ts';
import {
  cardLinkError,
  cardLinkScreenFor,
  checkRfidDevice,
  employeeCardOffer,
  rfidKeyOnBlur,
  rfidOffers,
} from './rfid.ts';

describe('spec §5 RFID device', () => {
  it('needs a name, a 10-character id and a key', () => {
    expect(checkRfidDevice({ name: '', rfidId: '12345', rfidKey: ' ' })).toEqual({
      name: 'rfid_name_missing',
      rfidId: 'rfid_id_length',
      rfidKey: 'rfid_key_missing',
    });
    expect(checkRfidDevice({ name: 'Llavero', rfidId: '0012345678', rfidKey: 'a1b2' })).toEqual({});
  });

  it('lower-cases the key when its field loses focus', () => {
    expect(rfidKeyOnBlur(' A1B2C3 ')).toBe('a1b2c3');
  });
});

describe('spec §2 RFID gating', () => {
  it.each([
    [
      { has_rfid: true, has_remote_rfid: false },
      { employeeCard: true, remoteDevices: false },
    ],
    [
      { has_rfid: false, has_remote_rfid: true },
      { employeeCard: false, remoteDevices: true },
    ],
    [
      { has_rfid: false, has_remote_rfid: false },
      { employeeCard: false, remoteDevices: false },
    ],
    [null, { employeeCard: false, remoteDevices: false }],
  ])('%o offers %o', (machine, offers) => {
    expect(rfidOffers(machine)).toEqual(offers);
  });
});

describe('spec §1 a single employee card: the profile offers to replace it, not to link another (issue 15 point 12)', () => {
  it.each([
    ['a member without one on a has_rfid machine', { has_rfid: true }, { rfid_id: null }, 'link'],
    ['a member with one on a has_rfid machine', { has_rfid: true }, { rfid_id: '2905761696' }, 'replace'],
    ['a machine without a reader', { has_rfid: false }, { rfid_id: '2905761696' }, null],
    ['no machine', null, { rfid_id: null }, null],
  ])('%s: %s', (_, machine, member, offer) => {
    expect(employeeCardOffer(machine, member)).toBe(offer);
  });
});

describe('spec §4 pending card link statuses', () => {
  it.each([
    ['in_progress', 'linking'],
    ['waiting', 'authenticate'],
    ['authenticated', 'tapCard'],
    ['linked', 'linked'],
    ['failed', 'error'],
    ['expired', 'error'],
    ['error', 'error'],
    ['Internal Server Error', 'error'],
  ])('%s → %s', (status, screen) => {
    expect(cardLinkScreenFor(status)).toBe(screen);
  });
});

describe('spec §8 card-link errors', () => {
  it.each([
    ['failed', 'internal'],
    ['error', 'internal'],
    ['expired', 'userTimeout'],
    ['Internal Server Error', 'internalGeneric'],
  ])('status %s shows the %s texts', (status, kind) => {
    expect(cardLinkError({ status }).kind).toBe(kind);
  });

  it("other errors show the server's title, action text and description", () => {
    const error = httpError(
      { method: 'POST', path: '/x' },
      422,
      { error: { message: 'Tarjeta ya vinculada', description: 'Usa otra', action_text: 'Volver' } },
      null,
    );
    expect(cardLinkError({ error })).toEqual({
      kind: 'server',
      title: 'Tarjeta ya vinculada',
      description: 'Usa otra',
      actionText: 'Volver',
    });
  });

  it('an error without words, or no answer, shows the internal-server-error title', () => {
    expect(cardLinkError({ error: transportError({ method: 'GET', path: '/x' }, 'network', 'offline') }).kind).toBe(
      'internal',
    );
  });
});

import type { ApiError } from '../api/api-error.ts';
import { serverMessage } from '../api/error-checks.ts';
import { RFID_ID_LENGTH } from '../contract/rfid.ts';

export interface RfidDeviceForm {
  readonly name: string;
  readonly rfidId: string;
  readonly rfidKey: string;
}

export type RfidDeviceField = keyof RfidDeviceForm;
export type RfidDeviceProblem = 'rfid_name_missing' | 'rfid_id_length' | 'rfid_key_missing';

/** Spec §2/§5 add RFID device, step 1: name, id (exactly RFID_ID_LENGTH characters) and key are required. */
export function checkRfidDevice(form: RfidDeviceForm): Partial<Record<RfidDeviceField, RfidDeviceProblem>> {
  const problems: Partial<Record<RfidDeviceField, RfidDeviceProblem>> = {};
  if (form.name.trim() === '') problems.name = 'rfid_name_missing';
  if (form.rfidId.trim().length !== RFID_ID_LENGTH) problems.rfidId = 'rfid_id_length';
  if (form.rfidKey.trim() === '') problems.rfidKey = 'rfid_key_missing';
  return problems;
}

/** Spec §2: the key is lower-cased when its field loses focus. */
export const rfidKeyOnBlur = (key: string) => key.trim().toLowerCase();

/**
 * Spec §1 "a single employee card", issue 15 point 12: a member who has one (the member's rfid_id) is
 * offered to replace it, never to link a second; the API replaces it when the new link completes.
 */
export function employeeCardOffer(
  machine: { has_rfid: boolean } | null,
  member: { rfid_id?: string | null } | null,
): 'link' | 'replace' | null {
  if (!machine?.has_rfid) return null;
  return member?.rfid_id ? 'replace' : 'link';
}

/** Spec §2 gating: the single employee-card link, several remote devices, or neither. */
export function rfidOffers(machine: { has_rfid: boolean; has_remote_rfid: boolean } | null) {
  return { employeeCard: Boolean(machine?.has_rfid), remoteDevices: Boolean(machine?.has_remote_rfid) };
}

/** The screens of an employee-card link (spec §2 RFID routes); the web maps each to its route. */
export type CardLinkScreen = 'start' | 'connecting' | 'linking' | 'authenticate' | 'tapCard' | 'linked' | 'error';

/** Spec §4 pending card link: the screen a status reading leads to; any other text is an error. */
export function cardLinkScreenFor(status: string): CardLinkScreen {
  switch (status) {
    case 'in_progress':
      return 'linking';
    case 'waiting':
      return 'authenticate';
    case 'authenticated':
      return 'tapCard';
    case 'linked':
      return 'linked';
    default:
      return 'error';
  }
}

/**
 * Spec §8 card-link errors: failed or error → the internal-server-error title;
 * expired → the user-timeout message with a please-try-again description; an
 * "Internal Server Error" status → that title with the generic description;
 * a timeout waiting for the machine → communication failure; any other error →
 * the server's title, action text and description.
 */
export type CardLinkErrorKind = 'internal' | 'internalGeneric' | 'userTimeout' | 'communication' | 'server';

export interface CardLinkError {
  readonly kind: CardLinkErrorKind;
  readonly title: string | null;
  readonly description: string | null;
  readonly actionText: string | null;
}

export function cardLinkError(reason: { status: string } | { timeout: true } | { error: ApiError }): CardLinkError {
  const none = { title: null, description: null, actionText: null };
  if ('timeout' in reason) return { kind: 'communication', ...none };
  if ('status' in reason) {
    if (reason.status === 'expired') return { kind: 'userTimeout', ...none };
    if (reason.status === 'Internal Server Error') return { kind: 'internalGeneric', ...none };
    return { kind: 'internal', ...none };
  }
  const title = serverMessage(reason.error);
  if (!title) return { kind: 'internal', ...none };
  return {
    kind: 'server',
    title,
    description: reason.error.description,
    actionText: reason.error.action_text,
  };
}

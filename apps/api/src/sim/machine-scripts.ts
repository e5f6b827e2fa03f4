import type { ErrorObject } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { MachineScriptKind } from '../db/schema.ts';
import type { TimelineStep } from '../domain/timeline.ts';

export type Executor = Pick<Db, 'selectFrom' | 'deleteFrom'>;

/** What the dev control tells a machine to do next, each for the next deal or link that takes it. */
export interface MachineScript {
  readonly dealStatuses?: readonly TimelineStep[] | undefined;
  readonly cardLinkStatuses?: readonly TimelineStep[] | undefined;
  /** The next buy is refused with this error object, as a real machine's backend may refuse it. */
  readonly dealError?: ErrorObject | undefined;
  /** Only this member's next deal or link follows the script; without it, anyone's. */
  readonly memberId?: number | undefined;
}

/**
 * Takes (and deletes) the oldest script of a kind for a machine that applies to
 * the member: one scripted for them, or for anyone. Journeys script per member,
 * so journeys running side by side on one machine never take each other's.
 */
export async function takeScript(db: Executor, machineId: number, kind: MachineScriptKind, memberId: number) {
  const script = await db
    .selectFrom('machine_scripts')
    .select(['id', 'payload'])
    .where('machine_id', '=', machineId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('member_id', 'is', null), eb('member_id', '=', memberId)]))
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!script) return null;
  await db.deleteFrom('machine_scripts').where('id', '=', script.id).execute();
  return script.payload;
}

/** Keeps a script's parts for the machine, in the order deal, card link, refusal; answers their kinds. */
export async function addScripts(
  db: Pick<Db, 'insertInto'>,
  machineId: number,
  script: MachineScript,
): Promise<MachineScriptKind[]> {
  const parts = [
    ...(script.dealStatuses ? [{ kind: 'deal' as const, payload: script.dealStatuses }] : []),
    ...(script.cardLinkStatuses ? [{ kind: 'card_link' as const, payload: script.cardLinkStatuses }] : []),
    ...(script.dealError ? [{ kind: 'deal_error' as const, payload: script.dealError }] : []),
  ];
  for (const part of parts) {
    await db
      .insertInto('machine_scripts')
      .values({
        machine_id: machineId,
        member_id: script.memberId ?? null,
        kind: part.kind,
        payload: JSON.stringify(part.payload),
      })
      .execute();
  }
  return parts.map((part) => part.kind);
}

import type { Deal } from '@vendo/core/contract';
import type { Db } from './db/database.ts';
import type { Cache } from './services/cache.ts';
import type { Clock } from './services/clock.ts';
import type { CardProvider } from './sim/card-provider.ts';
import type { KeypadHub } from './sim/keypad.ts';
import type { MachineRunner } from './sim/machine-runner.ts';
import type { SmsSender } from './sim/sms.ts';

/** Everything a route needs from the outside world; tests swap any of it. */
export interface Deps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sms: SmsSender;
  readonly cardProvider: CardProvider;
  readonly machines: MachineRunner;
  readonly keypads: KeypadHub;
  /** Token hash → member id of recently seen sessions. */
  readonly sessions: Cache<string, number>;
  /** The parts of a deal that never change after it is made, so a poll reads only its status. */
  readonly dealViews: Cache<number, Deal>;
  /** Dev control endpoints (off when NODE_ENV=production). */
  readonly devControl: boolean;
  readonly sendsPerIp: number;
}

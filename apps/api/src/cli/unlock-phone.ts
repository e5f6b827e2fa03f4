// Operator command: lifts the lock that 100 consecutive failed codes put on a number.
// Usage: pnpm --filter @vendo/api unlock-phone +525512345678
// With embedded PGlite, stop the server first: one process at a time opens its data folder.
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { requireKnownSchema } from '../db/migrate.ts';
import { createLogger } from '../log.ts';
import { unlockPhone } from '../services/otp.ts';

const config = readConfig();
const log = createLogger({ level: config.logLevel });
const phone = process.argv[2] ?? '';
const parts = /^(\+\d{1,3})(\d{10})$/.exec(phone);
if (!parts) {
  log.error('unlock-phone: usage: unlock-phone +<country code><10-digit phone>, e.g. +525512345678');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
await requireKnownSchema(db, { migrateHere: !config.databaseUrl });
const unlocked = await unlockPhone(db, { country: parts[1] ?? '', phone: parts[2] ?? '' });
await db.destroy();
// The operator typed the number: the line, which may be kept with the server's, carries it redacted.
log.info({ phone }, unlocked ? 'unlock-phone: the number is unlocked' : 'unlock-phone: the number had no lock');

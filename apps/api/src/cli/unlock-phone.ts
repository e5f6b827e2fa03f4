// Operator command: lifts a number's limits on sign-in codes (3 per 10 minutes, 5 a day) before their
// windows end, for a member whose codes a stranger used up ("Rules it keeps" (docs/reference-api.md)).
// Usage: pnpm --filter @vendo/api unlock-phone +525512345678
// With embedded PGlite, stop the server first: one process at a time opens its data folder.
import { internationalPhonePattern } from '@vendo/core/contract';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { requireKnownSchema } from '../db/migrate.ts';
import { createRateLimits } from '../http/rate-limits.ts';
import { createLogger } from '../log.ts';
import { liftPhoneLimits } from '../services/otp.ts';

const config = readConfig();
const log = createLogger({ level: config.logLevel });
const phone = process.argv[2] ?? '';
const parts = internationalPhonePattern.exec(phone);
if (!parts) {
  log.error('unlock-phone: usage: unlock-phone +<country code><10-digit phone>, e.g. +525512345678');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
await requireKnownSchema(db, { migrateHere: !config.databaseUrl });
const lifted = await liftPhoneLimits(createRateLimits(db), { country: parts[1] ?? '', phone: parts[2] ?? '' });
await db.destroy();
// The operator typed the number: the line, which may be kept with the server's, carries it redacted.
log.info(
  { phone },
  lifted ? "unlock-phone: the number's code limits are lifted" : 'unlock-phone: the number had no code limits to lift',
);

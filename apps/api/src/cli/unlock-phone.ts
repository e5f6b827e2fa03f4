// Operator command: lifts the lock that 100 consecutive failed codes put on a number.
// Usage: pnpm --filter @vendo/api unlock-phone +525512345678
// With embedded PGlite, stop the server first: one process at a time opens its data folder.
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { requireKnownSchema } from '../db/migrate.ts';
import { unlockPhone } from '../services/otp.ts';

const phone = process.argv[2] ?? '';
const parts = /^(\+\d{1,3})(\d{10})$/.exec(phone);
if (!parts) {
  console.error('usage: unlock-phone +<country code><10-digit phone>, e.g. +525512345678');
  process.exit(2);
}
const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await requireKnownSchema(db, { migrateHere: !config.databaseUrl });
const unlocked = await unlockPhone(db, { country: parts[1] ?? '', phone: parts[2] ?? '' });
await db.destroy();
console.log(unlocked ? `${phone} unlocked` : `${phone} had no lock`);

// One server process's dispatcher, for the dispatch benchmark: it opens the database and loads the
// signing key, says "ready", and on "go" queues every due reminder (or, with `monthly`, every
// monthly email due), then prints how many it queued. Each dispatcher has a process of its own, as
// on the servers, so that two of them do not share one thread.
import { createInterface } from 'node:readline';
import { openDatabase } from '../apps/api/src/db/client';
import { serverSecret, signer } from '../apps/api/src/lib/signing';
import { reminderDispatcher } from '../apps/api/src/modules/mail/dispatcher';
import { monthlyDispatcher } from '../apps/api/src/modules/mail/monthly-dispatch';

const [databaseUrl, job] = process.argv.slice(2);
const handle = await openDatabase({ databaseUrl, dataDir: 'unused' });
const signing = signer(serverSecret(handle.db));
await signing.ready();
const mail = { db: handle.db, signing, portalUrl: 'https://portal.example/ui/', quietHours: true };
const dispatcher =
  job === 'monthly'
    ? monthlyDispatcher({ ...mail, mailFrom: 'HomeMinder <no-reply@portal.example>' })
    : reminderDispatcher({ ...mail, batchSize: 500 });

const lines = createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) if (line === 'go') break;
const queued = await dispatcher.dispatchDue();
console.log(JSON.stringify({ queued }));
lines.close();
await handle.close();

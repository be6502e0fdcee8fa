import { parseArgs } from 'node:util';
import { Role } from '@homeminder/shared/permissions';
import { emailSchema, strongPasswordSchema } from '@homeminder/shared/validation/rules';
import { zodIssuesToMessages } from '@homeminder/shared/validation/zod-errors';
import { openDatabase } from './db/client';
import { withTenant } from './db/data-scope';
import { prepareDatabase } from './db/prepare';
import { SYSTEM_TENANT_ID } from './db/reference-data';
import { tenantUsers, userRoles } from './db/schema';
import { loadEnv } from './env';
import { hashPassword } from './lib/password';

const usage = `Usage: npm run admin -- create-admin --email <address> [--password <password>] [--first-name <name>] [--last-name <name>]

Creates a system administrator of the operator. Without --password the password is read from
the ADMIN_PASSWORD environment variable, so it need not appear in the shell history.`;

async function createAdmin(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'System' },
      'last-name': { type: 'string', default: 'Administrator' },
    },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  const password = strongPasswordSchema.safeParse(values.password ?? process.env['ADMIN_PASSWORD'] ?? '');
  const problems = [
    ...(email.success ? [] : zodIssuesToMessages(email.error)),
    ...(password.success ? [] : zodIssuesToMessages(password.error)),
  ];
  if (!email.success || !password.success) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
    return;
  }

  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await prepareDatabase(database, { seedDemo: false });
    const passwordHash = await hashPassword(password.data);
    const { db } = database;
    await withTenant(db, SYSTEM_TENANT_ID, () =>
      db.transaction(async (tx) => {
        const [user] = await tx
          .insert(tenantUsers)
          .values({
            tenantId: SYSTEM_TENANT_ID,
            email: email.data.toLowerCase(),
            firstName: values['first-name'],
            lastName: values['last-name'],
            passwordHash,
            passwordChangedAt: new Date(),
          })
          .returning({ id: tenantUsers.id });
        await tx
          .insert(userRoles)
          .values({ tenantId: SYSTEM_TENANT_ID, userId: user!.id, roleName: Role.SystemAdmin });
      }),
    );
    console.log(`System administrator ${email.data} created.`);
  } catch (error) {
    const duplicate =
      error instanceof Error &&
      /unique|duplicate/i.test(`${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`);
    console.error(duplicate ? `A user with the email ${email.data} already exists.` : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'create-admin') {
  await createAdmin(rest);
} else {
  console.log(usage);
  process.exitCode = command ? 1 : 0;
}

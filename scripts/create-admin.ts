/**
 * `npm run create-admin -- --username NAME --email ADDRESS [--password SECRET]`
 * Creates an ADMIN account in the configured database (DATA_DIR / DATABASE_URL). Without
 * --password, it is read from the ADMIN_PASSWORD variable, so it stays out of shell history.
 */
import { parseArgs } from 'node:util';
import { createAdmin } from '../server/createAdmin';

const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
});
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!values.username || !values.email || !password) {
  console.error('Usage: npm run create-admin -- --username NAME --email ADDRESS [--password SECRET | ADMIN_PASSWORD=...]');
  process.exit(2);
}
try {
  const admin = await createAdmin({ username: values.username, email: values.email, password });
  console.log(`Admin ${admin.username} <${admin.email}> created. Sign in at /admin/signin.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

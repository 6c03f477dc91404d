// `npm run admin -- grant <email>`: gives an existing user the admin role.
import { connectLocal, fail } from './connect.ts';

const [command, email] = process.argv.slice(2);
if (command !== 'grant' || !email) fail('Usage: npm run admin -- grant <email>');

const release = await connectLocal();
try {
  const { authService } = await import('../../src/composition.ts');
  const user = await (await authService()).grantAdmin(email);
  console.log(`${user.email} is now an admin. They see the admin pages after their next page load.`);
} catch (error) {
  fail(`Could not grant admin: ${(error as Error).message}`);
} finally {
  await release();
}

// `npm start` ends here: boots the local stack and serves the product until Ctrl-C.
// Lambda runs Node 22+; the SDK's notice about Node 20 support only adds noise locally.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { readLocalEnv } from './env.ts';
import { startLocalStack } from './stack.ts';

const log = (line: string) => console.log(`[local] ${line}`);

async function main() {
  const env = readLocalEnv();
  const stack = await startLocalStack(env, log);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping (HTTP server, queue, scheduler, DynamoDB Local)...`);
    await stack.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  console.log(`\n  Football predictions is running at ${stack.url}\n  Press Ctrl-C to stop.\n`);
}

main().catch((error: Error) => {
  console.error(`\n[local] Could not start: ${error.message}\n`);
  process.exit(1);
});

import { buildApp } from './app.ts';
import { boot } from './boot.ts';
import { loadConfigOrExit } from './config.ts';
import { createLogDestination } from './lib/log-destination.ts';
import { hasDevMailbox } from './modules/mail/dev-mailbox.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/seed.ts';

/** Starts the server: `node apps/server/src/main.ts` (npm start does this after building). */
async function main() {
  const config = loadConfigOrExit();

  const say = (line: string) => process.stdout.write(`${line}\n`);
  const started = Date.now();
  const log = createLogDestination();
  const booted = await boot(config, { log: config.logLevel === 'debug' ? say : undefined, logStream: log.stream });
  const app = await buildApp(booted.ctx);

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`\n${signal} received: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 20 s; exiting.');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close();
      await booted.shutdown();
      log.flush();
      say('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('Error while stopping:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say('');
  say(
    `School Planner Savings is running at http://localhost:${port}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  say(`API docs: http://localhost:${port}/api/docs`);
  if (hasDevMailbox(config)) say(`Mailbox:  http://localhost:${port}/dev/mailbox  (from this machine only)`);
  if (config.seedDemo) {
    say(`Demo accounts (password: ${DEMO_PASSWORD})${booted.seeded ? ' — just created' : ''}:`);
    for (const a of DEMO_ACCOUNTS) say(`  ${a.role.padEnd(10)} ${a.email.padEnd(22)} sign in at ${a.url}`);
  }
  say('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

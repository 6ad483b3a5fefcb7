import { buildWeb } from './lib.ts';

/** npm run build: the web app, always for production, into apps/web/dist. */
await buildWeb();

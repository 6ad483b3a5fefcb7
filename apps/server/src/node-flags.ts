/**
 * Node flags the server runs with (npm start, the benchmark, and in production).
 *
 * A small, fixed young generation without pretenuring (docs/decisions/010-server-memory.md).
 * V8 sizes the young generation from the machine's memory, up to 64 MB semi-spaces on a
 * large host, all of it resident once the start-up has filled it: 8 MB semi-spaces keep the
 * server about 40 MB smaller. A small young generation alone lets more of a request's
 * objects outlive a collection, and V8 then allocates objects from the same places straight
 * in the old generation (pretenuring), which under load filled with garbage and raised the
 * peak by 50 to 100 MB; without pretenuring the old generation stays flat. The answers are
 * cached and leave little to collect: the server spends no more CPU per request than with
 * 32 MB semi-spaces.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring'];

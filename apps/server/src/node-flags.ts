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

/**
 * The C library's allocator settings the server runs with (glibc reads them at start, so
 * they are set where the server is started; the README's deploy section asks the same).
 * A password hash takes 19 MiB, compressing takes brotli's window, both on the libuv
 * threads: by default glibc gives each thread an arena of its own, and raises the size it
 * serves from the heap after each large block is freed, so those blocks stay resident.
 * Two arenas, and large blocks always mapped and returned on free, kept the server's peak
 * under the load test about 40 MB lower (326 and 307 MB against 287 MB).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

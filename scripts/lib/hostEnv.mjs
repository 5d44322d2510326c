/**
 * The environment the local host runs with, wherever it is started (npm start, bench:engine's
 * memory run). glibc gives each thread that allocates its own malloc arena and keeps what it freed
 * there: with libvips' and onnxruntime's worker threads that held 100–150 MiB the host no longer
 * used (peak 840–915 MiB at two stagings at once, 753 MiB with two arenas). Two arenas are enough
 * for a host whose JavaScript runs on one thread.
 */
export const LOCAL_HOST_ENV = { MALLOC_ARENA_MAX: '2' };

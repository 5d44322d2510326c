/**
 * The environment the local host runs with, wherever it is started (npm start, bench:engine's
 * memory run, bench:stall). glibc gives each thread that allocates its own malloc arena and keeps
 * what it freed there: with libvips' and onnxruntime's worker threads that held 100–150 MiB the
 * host no longer used (peak 840–915 MiB at two stagings at once, 753 MiB with two arenas). And it
 * raises the size from which it maps a block of its own (returned to the system when freed) to
 * the largest block freed so far, up to 32 MiB, so the image buffers of one staging are kept in
 * the arenas after it: a fixed 1 MiB keeps them out (the engine alone, two stagings at once three
 * times: on two worker threads a peak of 528 to 557 MiB, fixed 438 to 447; on one thread 365 to
 * 450, fixed 332 to 414).
 */
export const LOCAL_HOST_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' };

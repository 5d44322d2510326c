export declare const LOCAL_HOST_ENV: { MALLOC_ARENA_MAX: string };

/** A TCP port on 127.0.0.1 that the OS says is free right now, so parallel runs never collide. */
export declare function freePort(): Promise<number>;

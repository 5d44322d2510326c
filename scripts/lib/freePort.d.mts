/**
 * A TCP port on 127.0.0.1 that is free right now, chosen at random below the OS's ephemeral range, so
 * parallel runs never collide and no outgoing connection takes it before it is listened on.
 */
export declare function freePort(): Promise<number>;

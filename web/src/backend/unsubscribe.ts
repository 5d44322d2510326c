/** What every watch returns; a module of its own so each driver port can name it without importing the Backend. */
export type Unsubscribe = () => void;

import { atom } from 'jotai';

/**
 * After a reload a room is shown from the browser's copy, by an object URL that means nothing
 * outside this page; sharing or listing it needs the server's URL it stands for.
 */
export const restoredRoomUrlsAtom = atom<Readonly<Record<string, string>>>({});

/** The server's URL of a room on show: itself for a room staged on this page. */
export const serverUrlOfAtom = atom((get) => {
  const rooms = get(restoredRoomUrlsAtom);
  return (shownUrl: string): string => rooms[shownUrl] ?? shownUrl;
});

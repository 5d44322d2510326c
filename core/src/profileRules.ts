/**
 * What a profile's name and avatar may hold (issue 23), spelled once for both places that enforce
 * it: the API checks with the functions below, and firestore.rules carries the same patterns
 * (RULES_PATTERNS, compared with the file by functions/test/rules/firestoreRulesPatterns.test.ts),
 * so a client that writes users/{uid} directly meets the same rules as PATCH /api/account.
 *
 * Both count a name in code points: the rules' size() counts UTF-16 units (an emoji is 2) but
 * their regular expressions count code points, and code points are what a person calls characters.
 */
import { MAX_AVATAR_URL_LENGTH, MAX_NAME_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';

type Range = readonly [first: number, last: number];

/**
 * Unicode 17's control (Cc) and format (Cf) characters, and the line and paragraph separators:
 * what makes a name spoof another (text-direction overrides, zero-width spaces) or break its line.
 * Listed rather than named as \p{Cf}, because the rules engine's Unicode tables are older: its
 * \p{Cf} misses the direction isolates U+2066–U+2069.
 */
const INVISIBLE: readonly Range[] = [
  [0x0, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** Unicode's space separators (Zs), which trimming removes around a name. */
const SPACES: readonly Range[] = [
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

/** JavaScript (with the u flag) and RE2 spell a code point differently. */
type Syntax = 'js' | 're2';

/** The ranges as the inside of a character class, e.g. `\x{0}-\x{1f}\x{7f}`. */
function classBody(syntax: Syntax, ranges: readonly Range[]): string {
  const point = (cp: number) => (syntax === 'js' ? `\\u{${cp.toString(16)}}` : `\\x{${cp.toString(16)}}`);
  return ranges.map(([first, last]) => (first === last ? point(first) : `${point(first)}-${point(last)}`)).join('');
}

/**
 * A whole name: spaces around 1 to MAX_NAME_LENGTH code points, none invisible, the first and
 * last not a space. firestore.rules composes its pattern the same way (validName).
 */
function namePattern(syntax: Syntax): string {
  const invisible = classBody(syntax, INVISIBLE);
  const spaces = classBody(syntax, SPACES);
  const visible = `[^${invisible}${spaces}]`;
  return `[${spaces}]*${visible}([^${invisible}]{0,${MAX_NAME_LENGTH - 2}}${visible})?[${spaces}]*`;
}

/**
 * The photo hosts of the sign-in providers (Firebase Auth's photoURL): Google's lh3–lh6 (not the
 * whole of googleusercontent.com, whose other hosts serve what users upload), Facebook's Graph
 * API and CDN, X's and GitHub's. Nothing may follow the host but a path: no port, no userinfo.
 */
const PROVIDER_PHOTO =
  'https://(lh[0-9]\\.googleusercontent\\.com|graph\\.facebook\\.com|platform-lookaside\\.fbsbx\\.com|pbs\\.twimg\\.com|avatars\\.githubusercontent\\.com)/[A-Za-z0-9._~!$&*+,;=:@%/?-]*';

/** One file name under avatars/<uid>/ (no further folders, so no dot segments), then a query (a download token). */
const AVATAR_FILE = '[A-Za-z0-9_-][A-Za-z0-9._~-]*(\\?[A-Za-z0-9._~=&%-]*)?';

/** Identifiers that go into a pattern, so they must hold no pattern syntax. */
const PROJECT_ID = '[a-z0-9-]{1,63}';
const UID = '[A-Za-z0-9_-]{1,128}';

/**
 * The pieces of RE2 source firestore.rules spells out; the rules compose them as this module does
 * (names in namePattern, the bucket addresses in ownStoragePatterns).
 */
export const RULES_PATTERNS = {
  invisibleChars: classBody('re2', INVISIBLE),
  spaceChars: classBody('re2', SPACES),
  providerPhoto: PROVIDER_PHOTO,
  avatarFile: AVATAR_FILE,
  projectId: PROJECT_ID,
  uid: UID,
} as const;

const whole = (pattern: string, flags = '') => new RegExp(`^(?:${pattern})$`, flags);

const NAME = whole(namePattern('js'), 'u');
const INVISIBLE_JS = new RegExp(`[${classBody('js', INVISIBLE)}]`, 'u');
// A lone UTF-16 surrogate is no character at all; Firestore cannot store one.
const LONE_SURROGATE = /\p{Cs}/u;
const SPACE_JS = `[${classBody('js', SPACES)}]`;
const AROUND_SPACES = new RegExp(`^${SPACE_JS}+|${SPACE_JS}+$`, 'gu');

/** Why a name is refused, as the message to show, or null when the rules' pattern takes it. */
export function nameRefusal(name: string): string | null {
  if (INVISIBLE_JS.test(name) || LONE_SURROGATE.test(name)) return MESSAGES.nameInvisibleCharacters;
  if (NAME.test(name)) return null;
  return trimNameSpaces(name) === '' ? MESSAGES.nameRequired : MESSAGES.tooLong('Name', MAX_NAME_LENGTH);
}

/** The name without the spaces around it (only Zs: invisible characters are refused, not trimmed). */
export function trimNameSpaces(name: string): string {
  return name.replace(AROUND_SPACES, '');
}

/** Whose avatar it is: the owner's uid and the Firebase project that signed them in (the ID token's aud). */
export interface AvatarOwner {
  uid: string;
  projectId?: string | null;
}

/** The owner's own folder in the project's default bucket (either name Firebase gives it), in Storage's two URL forms. */
function ownStoragePatterns(owner: AvatarOwner): string[] {
  const { uid, projectId } = owner;
  if (!projectId || !whole(PROJECT_ID).test(projectId) || !whole(UID).test(uid)) return [];
  const bucket = `${projectId}\\.(appspot\\.com|firebasestorage\\.app)`;
  return [
    `https://firebasestorage\\.googleapis\\.com/v0/b/${bucket}/o/avatars%2F${uid}%2F${AVATAR_FILE}`,
    `https://storage\\.googleapis\\.com/${bucket}/avatars/${uid}/${AVATAR_FILE}`,
  ];
}

/**
 * An avatar a page may show: empty (the default avatar), or an https address of at most
 * MAX_AVATAR_URL_LENGTH characters on a sign-in provider's photo host or in the owner's own
 * folder of the project's bucket.
 */
export function isAllowedAvatar(url: string, owner: AvatarOwner): boolean {
  if (url === '') return true;
  if (url.length > MAX_AVATAR_URL_LENGTH) return false;
  return [PROVIDER_PHOTO, ...ownStoragePatterns(owner)].some((pattern) => whole(pattern).test(url));
}

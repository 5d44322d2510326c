/** The SPA's index.html, which a server-rendered page (a listing's, for link previews) boots the app from. */
export interface PageShell {
  /** The built index.html (or, in local development, the source one) as text. */
  read(): Promise<string>;
}

import { crispWebsiteId } from '../backend/config';

type CrispCommand = unknown[];
interface CrispWindow {
  $crisp?: CrispCommand[] & { push(command: CrispCommand): void };
  CRISP_WEBSITE_ID?: string;
}

const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';

function crispWindow(): CrispWindow {
  return window as unknown as CrispWindow;
}

/** Loads the Crisp chat widget once; a no-op unless VITE_CRISP_WEBSITE_ID is set (spec §2). */
export function loadChatWidget(): void {
  if (!crispWebsiteId || document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)) return;
  const w = crispWindow();
  w.$crisp = (w.$crisp ?? []) as CrispWindow['$crisp'];
  w.CRISP_WEBSITE_ID = crispWebsiteId;
  const script = document.createElement('script');
  script.src = CRISP_SCRIPT_URL;
  script.async = true;
  document.head.appendChild(script);
}

/** The chat receives the user's email and nickname. */
export function identifyChatUser(email: string, nickname: string): void {
  const crisp = crispWindow().$crisp;
  if (!crispWebsiteId || !crisp) return;
  if (email) crisp.push(['set', 'user:email', [email]]);
  if (nickname) crisp.push(['set', 'user:nickname', [nickname]]);
}

/** Sign-out resets the chat session so the next visitor does not see this conversation. */
export function resetChatSession(): void {
  const crisp = crispWindow().$crisp;
  if (!crispWebsiteId || !crisp) return;
  crisp.push(['do', 'session:reset']);
}

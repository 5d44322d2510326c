import { crispWebsiteId } from '../backend/config';

type CrispCommand = unknown[];
interface CrispWindow {
  $crisp?: CrispCommand[];
  CRISP_WEBSITE_ID?: string;
}

export const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';

export interface ChatWidget {
  load(): void;
  /** The chat receives the user's email and nickname (spec §2). */
  identify(email: string, nickname: string): void;
  /** Sign-out resets the chat session so the next visitor does not see this conversation. */
  reset(): void;
}

/** The Crisp chat widget; every call is a no-op without a website id. */
export function createChatWidget(websiteId: string, w: Window = window): ChatWidget {
  const crispWindow = w as unknown as CrispWindow;
  const push = (command: CrispCommand) => {
    if (websiteId && crispWindow.$crisp) crispWindow.$crisp.push(command);
  };
  return {
    load() {
      if (!websiteId || w.document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)) return;
      // Crisp reads queued commands from $crisp once its script has loaded.
      crispWindow.$crisp = crispWindow.$crisp ?? [];
      crispWindow.CRISP_WEBSITE_ID = websiteId;
      const script = w.document.createElement('script');
      script.src = CRISP_SCRIPT_URL;
      script.async = true;
      w.document.head.appendChild(script);
    },
    identify(email, nickname) {
      if (email) push(['set', 'user:email', [email]]);
      if (nickname) push(['set', 'user:nickname', [nickname]]);
    },
    reset() {
      push(['do', 'session:reset']);
    },
  };
}

/** Loads only when VITE_CRISP_WEBSITE_ID is set. */
export const chatWidget = createChatWidget(crispWebsiteId);

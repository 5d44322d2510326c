import { afterEach, describe, expect, it } from 'vitest';
import { createChatWidget, CRISP_SCRIPT_URL } from './crispChat';

const crisp = () => window as unknown as { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };

afterEach(() => {
  document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)?.remove();
  delete crisp().$crisp;
  delete crisp().CRISP_WEBSITE_ID;
});

describe('chat widget', () => {
  it('loads nothing without a website id', () => {
    const widget = createChatWidget('');
    widget.load();
    widget.identify('ada@example.com', 'Ada');
    expect(document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)).toBeNull();
    expect(crisp().$crisp).toBeUndefined();
  });

  it('loads the script once with the website id', () => {
    const widget = createChatWidget('site-1');
    widget.load();
    widget.load();
    expect(document.querySelectorAll(`script[src="${CRISP_SCRIPT_URL}"]`)).toHaveLength(1);
    expect(crisp().CRISP_WEBSITE_ID).toBe('site-1');
  });

  it("passes the user's email and nickname, and resets the session on sign-out", () => {
    const widget = createChatWidget('site-1');
    widget.load();
    widget.identify('ada@example.com', 'Ada');
    widget.reset();
    expect(crisp().$crisp).toEqual([
      ['set', 'user:email', ['ada@example.com']],
      ['set', 'user:nickname', ['Ada']],
      ['do', 'session:reset'],
    ]);
  });
});

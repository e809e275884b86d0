/**
 * Where a purchase of credits began, when it began in a conversation: the success page offers
 * the way back there. Only a conversation's own path is ever kept or followed — never an
 * address from outside the site — so `back` cannot be turned into an open redirect. It lives in
 * the tab's sessionStorage, so it survives the round trip through the payment provider.
 */
const STORAGE_KEY = 'rdv.purchase_origin';
const CONVERSATION_PATHS = [/^\/chats\/[1-9]\d{0,9}$/, /^\/members\/[1-9]\d{0,9}\/chat$/];

/** The value if it is the path of a conversation (an open one, or the first message to a member); otherwise null. */
export function conversationPathOf(value: unknown): string | null {
  return typeof value === 'string' && CONVERSATION_PATHS.some((path) => path.test(value)) ? value : null;
}

/** The credits page's address for a purchase started on `pathname` (it carries the conversation when there is one). */
export function buyCreditsPath(pathname: string): string {
  const back = conversationPathOf(pathname);
  return back ? `/credits?back=${encodeURIComponent(back)}` : '/credits';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off in the browser: the purchase works, only the way back is not offered.
    return null;
  }
}

/** On the credits page: keep the conversation the purchase started in, or forget an older one when it started elsewhere. */
export function rememberPurchaseOrigin(search: string): void {
  const back = conversationPathOf(new URLSearchParams(search).get('back'));
  if (back) storage()?.setItem(STORAGE_KEY, back);
  else storage()?.removeItem(STORAGE_KEY);
}

/** The conversation the purchase started in, checked again as it is read back. */
export function readPurchaseOrigin(): string | null {
  return conversationPathOf(storage()?.getItem(STORAGE_KEY));
}

export function forgetPurchaseOrigin(): void {
  storage()?.removeItem(STORAGE_KEY);
}

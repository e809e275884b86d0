import type { ProfileTeaser, User } from './accounts';
import type { ChatsResponse, HistoryResponse } from './chat';
import type { BundlesResponse, DirectDebitResponse, OrderStatusResponse, TransactionsResponse } from './payments';
import type { PublicBundlesResponse } from './pricing';
import type { LikesResponse, MemberProfile, OwnProfileDetails, ProfileCard, SearchResponse } from './profiles';
import type { Language } from './locales';
import type { RegionCounts } from './member-map';
import type { SocialProof } from './social-proof';
import type { CompanyInfo, SiteSettings } from './site';
import type { StaffMember } from './admin/staff';

export type Messages = Record<string, unknown>;

/**
 * What the server hands React Router's loaders for one page request (its "load context").
 * Loaders reach the domain only through this, so React code never imports the server.
 */
export interface PageLoadContext {
  /** CSP nonce for inline scripts of this response; empty for a page kept in the anonymous page cache (hashes instead). */
  nonce: string;
  /** Render the whole document before sending it (a page for the anonymous page cache), not its shell first. */
  renderWhole?: boolean;
  /**
   * Where the server takes a document rendered whole: the entry leaves its one buffer here and
   * answers React Router with an empty body, so the bytes skip a web stream there and back (issue
   * 36). Absent (the page caches read the response itself), the body goes in the response.
   */
  wholeDocument?: { body?: Buffer };
  /** A whole page is rendered (not the `.data` of a client navigation, nor a revalidation). */
  isDocumentRequest: boolean;
  /**
   * What a document's HTML shows but its serialized loader data leaves out (issue 20): a loader
   * puts a long text here on a document request, the page renders it on the server from here
   * (`useDocumentOnly`), and the browser keeps that HTML instead of receiving the text twice.
   */
  documentOnly: Map<string, unknown>;
  language: Language;
  settings: SiteSettings;
  company: CompanyInfo;
  /** Termination-free facts the legal pages need, derived from the site. */
  termsVersionDate: string;
  /** One namespace of one language's texts, as the browser's i18next expects it. */
  getMessages(language: Language, namespace: 'common' | 'legal' | 'admin'): Messages;
  /** The address of one language's catalogue as a content-hashed file the browser loads (issue 20). */
  catalogueUrl(language: Language, namespace: 'common' | 'admin'): string;
  /** The logged-in member, or null for a visitor. */
  user: User | null;
  /** Whether purchases are simulated (the demo checkout, or a provider's test mode): every page says so. */
  paymentsAreDemo: boolean;
  /** Whether this request may see the outbox page (development, or the key printed at start). */
  showOutbox: boolean;
  /** The newest mails and text messages in the outbox (empty when it is not shown). */
  listOutbox(): { id: string; kind: string; to: string; subject: string; text: string; createdAt: string }[];
  /** Whether an e-mailed password-reset link still works, to show its form or the error. */
  isResetLinkLive(token: string): Promise<boolean>;
  /** Confirms an e-mail change from its link; resolves to the error code when it fails. */
  confirmMailChange(token: string): Promise<string | null>;
  /** Which notification kind a mail's unsubscribe link names, and whether it is off already; changes nothing. */
  describeUnsubscribe(token: string): Promise<{ ok: true; kind: string; isOff: boolean } | { ok: false }>;
  /** Name and photo of a visible member, for pages that lead to them; null when hidden or unknown. */
  findProfileTeaser(id: number): Promise<ProfileTeaser | null>;
  /** A member search as the API answers it, or the error code that refuses it. */
  searchMembers(query: Record<string, string>): Promise<{ ok: true; data: SearchResponse } | { ok: false; code: string; message: string }>;
  /**
   * The cards a campaign lander shows a visitor: the site's visible members with an approved
   * photo, from the visitor's country first; `size` defaults to the swipe deck's 10, at most 48.
   */
  visitorDeck(size?: number): Promise<ProfileCard[]>;
  /**
   * For the map lander: the site's visible members per region of the visitor's country (when
   * the site serves it, else the site's first country) — counts only, nothing finer than a region.
   */
  regionCounts(): Promise<RegionCounts>;
  /** The home page's and landers' figures (issue 19): members online now, new today, in the visitor's country. */
  socialProof(): Promise<SocialProof>;
  /**
   * The members `/signup-matches` offers a member to like: whom they seek, around their age,
   * their country first, the site's niche; none they already like. Empty for visitors.
   */
  signupMatches(): Promise<ProfileCard[]>;
  /** Another member's profile as the viewer may see it, or the error that refuses it. */
  viewMember(id: number): Promise<{ ok: true; data: MemberProfile } | { ok: false; code: string; message: string }>;
  /** The same profile with its related members streamed after it (issue 20): the profile page's first screen. */
  viewMemberFirstScreen(
    id: number,
  ): Promise<
    { ok: true; data: Omit<MemberProfile, 'related'> & { related: Promise<MemberProfile['related']> } } | { ok: false; code: string; message: string }
  >;
  /** Whom the member likes, who likes them and the matches; null for visitors. */
  listLikes(): Promise<LikesResponse | null>;
  /** The member's own profile for editing; null for visitors. */
  getOwnProfile(): Promise<OwnProfileDetails | null>;
  /** The member's conversations; null for visitors. */
  listChats(): Promise<ChatsResponse | null>;
  /** The newest messages of one of the member's conversations, or the error that refuses them. */
  chatHistory(conversationId: number): Promise<{ ok: true; data: HistoryResponse } | { ok: false; code: string; message: string }>;
  /** What the member's next text message costs (0 while free messages last). */
  nextMessagePrice(): Promise<number>;
  /**
   * What a visitor's sign-up message to a profile will cost once their address is confirmed: it
   * goes out as their first message, priced like any new free member's (0 while the site's free
   * messages last), shown in the sign-up modal before they sign up.
   */
  signupMessagePrice(): number;
  /** The member's conversation with another member, if they have one. */
  findConversationWith(profileId: number): Promise<number | null>;
  /** Credit bundles, payment methods and the applicable discount for the member; null for visitors. */
  listBundles(): Promise<BundlesResponse | null>;
  /** The bundles at the list prices of the visitor's country (geoip, else the site's first country), for the pricing page. */
  publicBundles(): Promise<PublicBundlesResponse>;
  /** One of the member's orders, checked with the payment provider when unfinished, or the error that refuses it. */
  orderStatus(orderId: number): Promise<{ ok: true; data: OrderStatusResponse } | { ok: false; code: string; message: string }>;
  /** The direct-debit mandate on one of the member's open orders that waits for its texted code, if any. */
  pendingMandate(orderId: number): Promise<DirectDebitResponse | null>;
  /** The member's orders and credit history (one order when an id is given), or the error that refuses it. */
  listTransactions(orderId?: number): Promise<{ ok: true; data: TransactionsResponse } | { ok: false; code: string; message: string }>;
  /** On console pages (`/admin…`): the signed-in, second-factor-verified staff member, else null. */
  staff: StaffMember | null;
  /**
   * The language the console speaks on this page (issue 32): the staff member's choice, else
   * (sign-in, enrolment) the browser's; English where the console has no texts in it yet.
   */
  consoleLanguage: Language;
  /**
   * A console API call (`GET /api/admin/…`) made in-process with the request's cookies, so that a
   * console page's first render goes through the same permission checks as the browser's calls.
   */
  adminGet<T>(path: string): Promise<{ status: number; body: T }>;
  /** An operator-defined page served at /pages/{token}, or null. */
  findCustomPage(token: string): { title: string; body: string[]; markdown?: string } | null;
}

declare module 'react-router' {
  interface AppLoadContext extends PageLoadContext {}
}

/**
 * The third-party analytics a site may load after consent (issue 18): its Google Tag Manager
 * container and its Microsoft Clarity project. Both ids are site settings; the formats are
 * those the vendors issue, and nothing else may reach a script URL or the CSP.
 */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,10}$/;
export const CLARITY_ID_PATTERN = /^[a-z0-9]{6,20}$/;

export interface AnalyticsIds {
  tag_manager_id: string;
  clarity_id: string;
}

/** The script each tool starts from (the vendors' own snippets load these). */
export const tagManagerScriptUrl = (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
export const clarityScriptUrl = (id: string) => `https://www.clarity.ms/tag/${encodeURIComponent(id)}`;

/** Only well-formed ids count as configured (a stored value is checked again before it reaches a page). */
export const hasTagManager = (ids: AnalyticsIds) => TAG_MANAGER_ID_PATTERN.test(ids.tag_manager_id);
export const hasClarity = (ids: AnalyticsIds) => CLARITY_ID_PATTERN.test(ids.clarity_id);

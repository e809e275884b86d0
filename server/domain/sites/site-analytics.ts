import { CLARITY_ID_PATTERN, TAG_MANAGER_ID_PATTERN, type AnalyticsIds } from '../../../contract/analytics';
import type { SiteRow } from '../../db/schema/index';

/**
 * The site's analytics ids as pages and the CSP see them: only well-formed ids, so a value that
 * reached the row some other way than the console (a seed, a manual update) can neither build
 * a script address nor widen the CSP.
 */
export function analyticsIdsOf(site: Pick<SiteRow, 'tagManagerId' | 'clarityId'>): AnalyticsIds {
  return {
    tag_manager_id: TAG_MANAGER_ID_PATTERN.test(site.tagManagerId) ? site.tagManagerId : '',
    clarity_id: CLARITY_ID_PATTERN.test(site.clarityId) ? site.clarityId : '',
  };
}

import type { TFunction } from 'i18next';
import { offeredInterests } from '../../../contract/profile-options';
import type { InterestList } from '../../../contract/site';
import type { SiteRow } from '../../db/schema/index';

/** The interests a site offers (all of the catalogue when the site names none), translated. */
export function listSiteInterests(site: Pick<SiteRow, 'interests'>, t: TFunction): InterestList {
  return { interests: offeredInterests(site.interests).map((id) => ({ id, name: t(`profile.interests.${id}`) })) };
}

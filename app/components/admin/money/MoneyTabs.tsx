import { useTranslation } from '../../../lib/use-translation';
import { NavLink } from '../../ui/links';

/** The money area's pages, as tabs above each of them. */
export function MoneyTabs() {
  const { t } = useTranslation();
  const tabs = [
    { to: '/admin/orders', label: t('money.tabs.orders') },
    { to: '/admin/chargebacks', label: t('money.tabs.chargebacks') },
    { to: '/admin/discount-codes', label: t('money.tabs.discount_codes') },
    { to: '/admin/mandates', label: t('money.tabs.mandates') },
  ];
  return (
    <nav aria-label={t('money.tabs.label')} className="mb-3">
      <ul className="nav nav-tabs flex-nowrap overflow-x-auto">
        {tabs.map((tab) => (
          <li className="nav-item" key={tab.to}>
            <NavLink end className={({ isActive }) => `nav-link text-nowrap ${isActive ? 'active' : ''}`} to={tab.to}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

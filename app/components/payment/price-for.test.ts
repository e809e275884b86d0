import { describe, expect, it } from 'vitest';
import type { Bundle, DiscountCode } from '../../../contract/payments';
import { priceFor } from './price-for';

const bundle: Bundle = {
  id: 2,
  credits: 125,
  price: { amount: 1995, currency: 'EUR' },
  discounted_price: { amount: 1496, currency: 'EUR' },
  price_per_credit: 16,
  highlighted: true,
};
const code = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'WELCOME-1',
  country: null,
  user_id: 1,
  expires: null,
  value_percentage: 25,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once-per-user',
  expired: false,
  paymentmethods: [],
  kind: 'welcome',
  ...overrides,
});

describe('priceFor', () => {
  it('charges the list price without a discount', () => {
    expect(priceFor({ discount: null }, { ...bundle, discounted_price: null }, 'ideal', null)).toEqual({ price: bundle.price, discount: null });
  });
  it('applies the automatic discount the server computed', () => {
    expect(priceFor({ discount: code() }, bundle, 'ideal', null).price).toEqual({ amount: 1496, currency: 'EUR' });
  });
  it('drops the automatic discount for a method it does not allow', () => {
    expect(priceFor({ discount: code({ paymentmethods: ['paypal'] }) }, bundle, 'ideal', null).price).toEqual(bundle.price);
  });
  it('prefers a typed code and rounds like the server', () => {
    const result = priceFor({ discount: code() }, bundle, 'ideal', code({ code: 'TEN', value_percentage: 10, kind: 'standard' }));
    expect(result.price).toEqual({ amount: 1795, currency: 'EUR' });
    expect(result.discount?.code).toBe('TEN');
  });
});

import { describe, expect, it } from 'vitest';
import { paymentStateOf } from './use-order-status';

describe('paymentStateOf', () => {
  it('shows a paid order as completed and a pending one as processing', () => {
    expect(paymentStateOf('paid', 0)).toBe('completed');
    expect(paymentStateOf('pending', 10)).toBe('pending');
  });
  it('treats failed, cancelled and expired alike: the member tries again', () => {
    expect(['failed', 'cancelled', 'expired'].map((status) => paymentStateOf(status as 'failed', 0))).toEqual(['failed', 'failed', 'failed']);
  });
  it('waits a few polls for an order the provider has not reported, then offers to pay again', () => {
    expect(paymentStateOf('open', 0)).toBe('loading');
    expect(paymentStateOf('open', 3)).toBe('unfinished');
  });
});

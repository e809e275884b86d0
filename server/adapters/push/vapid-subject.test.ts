import { describe, expect, it } from 'vitest';
import { createVapidSubject } from './vapid-subject';

describe('createVapidSubject', () => {
  const subjectWith = (configured: string | null, supportEmail: () => Promise<string | null>) =>
    createVapidSubject({ configured, defaultDomain: 'flirt.example', findDefaultSupportEmail: supportEmail })();

  it('is the configured subject when there is one', async () => {
    expect(await subjectWith('https://flirt.example/contact', async () => 'help@flirt.example')).toBe('https://flirt.example/contact');
  });

  it("is otherwise mailto: the default site's support address, read at each send", async () => {
    let address = 'help@flirt.example';
    const subject = createVapidSubject({ configured: null, defaultDomain: 'flirt.example', findDefaultSupportEmail: async () => address });
    expect(await subject()).toBe('mailto:help@flirt.example');
    address = 'care@flirt.example';
    expect(await subject()).toBe('mailto:care@flirt.example');
  });

  it('falls back to support@ the default domain without a usable address or site', async () => {
    expect(await subjectWith(null, async () => '')).toBe('mailto:support@flirt.example');
    expect(await subjectWith(null, async () => 'not an address')).toBe('mailto:support@flirt.example');
    expect(await subjectWith(null, async () => Promise.reject(new Error('no default site yet')))).toBe('mailto:support@flirt.example');
  });
});

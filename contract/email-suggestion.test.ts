import { describe, expect, it } from 'vitest';
import { suggestEmailCorrection } from './email-suggestion';

describe('suggestEmailCorrection', () => {
  it('corrects a popular domain one or two slips away', () => {
    expect(suggestEmailCorrection('anna@gmial.com')).toBe('anna@gmail.com');
    expect(suggestEmailCorrection('anna@hotmial.com')).toBe('anna@hotmail.com');
    expect(suggestEmailCorrection('anna@gmail.co')).toBe('anna@gmail.com');
    expect(suggestEmailCorrection('Anna.Berg@GMX.DR')).toBe('Anna.Berg@gmx.de');
  });

  it('leaves correct, unknown and unfinished addresses alone', () => {
    expect(suggestEmailCorrection('anna@gmail.com')).toBeNull();
    expect(suggestEmailCorrection('anna@rendezvous-mail.example')).toBeNull();
    expect(suggestEmailCorrection('anna@')).toBeNull();
    expect(suggestEmailCorrection('anna')).toBeNull();
  });
});

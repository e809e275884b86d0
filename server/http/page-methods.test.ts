import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allowedMethods } from './page-methods';

function buildWith(action: boolean): ServerBuild {
  const routes = {
    root: { id: 'root', path: '', module: {} },
    'routes/form': { id: 'routes/form', parentId: 'root', path: 'form/:id', module: action ? { action: async () => null } : {} },
  } as unknown as ServerBuild['routes'];
  return { routes } as ServerBuild;
}

describe('allowed methods, remembered per build and path', () => {
  it('answers a repeated path the same, whatever its query, and a caller cannot change the remembered answer', () => {
    const build = buildWith(true);
    const first = allowedMethods(build, '/form/7?x=1');
    first.push('TRACE');
    expect(allowedMethods(build, '/form/7')).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(allowedMethods(build, '/form/7?y=2')).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('keeps each build’s answers apart (development hands over new builds)', () => {
    expect(allowedMethods(buildWith(true), '/form/8')).toContain('POST');
    expect(allowedMethods(buildWith(false), '/form/8')).toEqual(['GET', 'HEAD']);
  });

  it('still answers correctly after more distinct paths than it remembers', () => {
    const build = buildWith(true);
    for (let id = 0; id < 5100; id++) allowedMethods(build, `/form/${id}`);
    expect(allowedMethods(build, '/form/1')).toContain('DELETE');
    expect(allowedMethods(build, '/elsewhere')).toEqual(['GET', 'HEAD']);
  });
});

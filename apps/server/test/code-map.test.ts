import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the code map a newcomer reads first: a folder it does not name is
// a part of the code nobody was told about.

const root = new URL('../../../', import.meta.url);
const map = readFileSync(new URL('docs/architecture.md', root), 'utf8');
const folders = (path: string) =>
  readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('docs/architecture.md', () => {
  it.each([
    ['apps/server/src/', (name: string) => `src/${name}/`],
    ['apps/web/src/', (name: string) => `src/${name}/`],
  ])('names every folder under %s', (path, written) => {
    const missing = folders(path).filter((name) => !map.includes(written(name)));
    expect(missing).toEqual([]);
  });

  it.each([
    ['apps/server/src/modules/', 'src/modules/', 'src/infra/'],
    ['apps/server/src/infra/', 'src/infra/', 'src/http/'],
  ])('names every folder under %s in its own part of the map', (path, from, to) => {
    const part = map.slice(map.indexOf(from), map.indexOf(to));
    const missing = folders(path).filter((name) => !new RegExp(`^ +${name}/ `, 'm').test(part));
    expect(missing).toEqual([]);
  });

  it('names every feature of the web app', () => {
    const features = map.slice(map.indexOf('src/features/'), map.indexOf('src/components/'));
    const missing = folders('apps/web/src/features/').filter((name) => !features.includes(name));
    expect(missing).toEqual([]);
  });
});

// @vitest-environment node
// The committed cache states (tests/fixtures/cache-states/*.json) are what make-cache-states.ts writes today: a change to the factories or the snapshot format that was not followed by regenerating them fails here, not as a puzzling QA replay.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStates } from '../fixtures/cache-states/build-states';
import { STATE_NAMES } from '../fixtures/cache-states/saved-states';

const DIRECTORY = join(__dirname, '../fixtures/cache-states');

describe('saved cache states', () => {
  it('match a fresh build, file for file (regenerate: npx tsx tests/fixtures/cache-states/make-cache-states.ts)', async () => {
    const built = await buildStates();
    expect(Object.keys(built).sort()).toEqual([...STATE_NAMES].sort());
    for (const [name, snapshot] of Object.entries(built)) {
      const committed: unknown = JSON.parse(readFileSync(join(DIRECTORY, `${name}.json`), 'utf8'));
      // Compared as data: the files are in the repository's JSON format, the build is not.
      expect({ name, state: committed }).toEqual({
        name,
        state: JSON.parse(JSON.stringify(snapshot)),
      });
    }
  });
});

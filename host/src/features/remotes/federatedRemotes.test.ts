import { describe, expect, it } from 'vitest';
import { breakingSharedConflicts, buildIdOf, sharedMismatches } from './federatedRemotes.ts';

describe('sharedMismatches', () => {
  const manifest = {
    shared: [
      { name: '@apollo/client', version: '4.3.8', requiredVersion: '^4.3.8' },
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
    ],
  };
  it('names the remote and the package whose range the page does not satisfy', () => {
    expect(sharedMismatches('remote_browse', manifest, { '@apollo/client': '4.3.7', react: '19.3.1' })).toEqual([
      expect.stringMatching(
        /^\[snapshire\] remote_browse was built with @apollo\/client 4\.3\.8 and needs \^4\.3\.8; the page has 4\.3\.7/,
      ),
    ]);
  });
  it('says nothing when every range is satisfied', () => {
    expect(sharedMismatches('remote_browse', manifest, { '@apollo/client': '4.3.9', react: '19.3.2' })).toEqual([]);
  });
});

describe('breakingSharedConflicts', () => {
  const built = (name: string, version: string) => ({ shared: [{ name, version, requiredVersion: `^${version}` }] });
  it('refuses a remote built against another major release of a library the page shares', () => {
    const [conflict] = breakingSharedConflicts('remote_browse', built('react', '20.0.1'), { react: '19.3.1' });
    expect(conflict).toMatch(
      /remote_browse was built with react 20\.0\.1, a breaking release from the page's 19\.3\.1/,
    );
  });
  it('treats the first non-zero part of a 0.x version as its major, as a caret range does', () => {
    expect(
      breakingSharedConflicts('remote_browse', built('@snapshire/data', '0.2.0'), { '@snapshire/data': '0.1.0' }),
    ).toHaveLength(1);
    expect(
      breakingSharedConflicts('remote_browse', built('@snapshire/data', '0.1.1'), { '@snapshire/data': '0.1.0' }),
    ).toEqual([]);
  });
  it('lets minor and patch differences through (they are warned about, not refused)', () => {
    expect(
      breakingSharedConflicts('remote_browse', built('@apollo/client', '4.3.8'), { '@apollo/client': '4.3.7' }),
    ).toEqual([]);
    expect(breakingSharedConflicts('remote_browse', built('react', '19.4.0'), { react: '19.3.1' })).toEqual([]);
  });
});

describe('buildIdOf', () => {
  it('reads the build id from the entry the manifest names', () => {
    expect(buildIdOf({ metaData: { remoteEntry: { name: 'remoteEntry.0123456789ab.js' } } })).toBe('0123456789ab');
    expect(buildIdOf({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } })).toBe('remoteEntry.js');
    expect(() => buildIdOf({})).toThrow('names no remote entry');
  });
});

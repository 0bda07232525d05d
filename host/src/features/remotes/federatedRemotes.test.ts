import { describe, expect, it } from 'vitest';
import { buildIdOf, sharedMismatches } from './federatedRemotes.ts';

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

describe('buildIdOf', () => {
  it('reads the build id from the entry the manifest names', () => {
    expect(buildIdOf({ metaData: { remoteEntry: { name: 'remoteEntry.0123456789ab.js' } } })).toBe('0123456789ab');
    expect(buildIdOf({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } })).toBe('remoteEntry.js');
    expect(() => buildIdOf({})).toThrow('names no remote entry');
  });
});

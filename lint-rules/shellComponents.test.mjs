// eslint.config.js's reading of the shell components' list: the names of the one export list, and an error
// naming the file when its form changes (rather than a rule that silently checks nothing).
import { describe, expect, it } from 'vitest';
import { shellComponentNames } from './shellComponents.mjs';

const FILE = 'packages/shell-components/src/index.ts';

describe('shellComponentNames', () => {
  it('reads the names of the one export list', () => {
    const source = "// comment\nexport {\n  Box,\n  Button,\n  Dialog,\n} from '@chakra-ui/react';\n";
    expect(shellComponentNames(source, FILE)).toEqual(['Box', 'Button', 'Dialog']);
  });

  it.each([
    ['no list', "export * from '@chakra-ui/react';\n"],
    ['an empty list', "export {} from '@chakra-ui/react';\n"],
    ['two lists', "export { Box } from '@chakra-ui/react';\nexport { Button } from '@chakra-ui/react';\n"],
  ])('fails naming the file for %s', (_, source) => {
    expect(() => shellComponentNames(source, FILE)).toThrow(new RegExp(`^${FILE}: expected exactly one`));
  });
});

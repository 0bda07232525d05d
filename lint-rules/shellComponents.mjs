// The Chakra components the host provides once for the page, as eslint.config.js reads them: the names of
// packages/shell-components/src/index.ts's one `export { ... } from '@chakra-ui/react'` list. Read as text
// because the config cannot import the package (it would load Chakra and React into ESLint).

/**
 * @param {string} source the text of packages/shell-components/src/index.ts
 * @param {string} file its path, named in the error
 * @returns {string[]}
 */
export function shellComponentNames(source, file) {
  const lists = [...source.matchAll(/export \{([^}]*)\} from '@chakra-ui\/react'/g)];
  const names =
    lists.length === 1
      ? lists[0][1]
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
  if (names.length === 0) {
    throw new Error(
      `${file}: expected exactly one non-empty "export { ... } from '@chakra-ui/react'" list (eslint.config.js ` +
        `reads the shell components from it for its import rule); found ${lists.length}.`,
    );
  }
  return names;
}

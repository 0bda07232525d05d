/**
 * The browse screens on the real @snapshire/data (DataProvider: the one supabase-js client, session and
 * Apollo Client with the product's cache) against a real backend (@snapshire/backend/testing), at the host's
 * route shape.
 */
import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { DataProvider, type DataConfig } from '@snapshire/data';
import { system } from '@snapshire/ui';
import { BrowseRoutes, type BrowseRoutesProps } from './browseRoutes.tsx';

export function renderOnBackend(config: DataConfig, routes: BrowseRoutesProps) {
  return render(
    <ChakraProvider value={system}>
      <DataProvider config={config}>
        <BrowseRoutes {...routes} />
      </DataProvider>
    </ChakraProvider>,
  );
}

import { Center, Heading } from '@snapshire/shell-components';
import { MESSAGES } from '@snapshire/contracts';

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <Center flex="1" py="24" px="6">
      <Heading as="h1" textStyle="pageTitle">
        {MESSAGES.NOT_FOUND_TITLE}
      </Heading>
    </Center>
  );
}

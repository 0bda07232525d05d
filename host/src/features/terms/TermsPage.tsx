import { Box, Heading, List, Stack, Text } from '@snapshire/shell-components';
import { LIMITS } from '@snapshire/contracts';
import { PageShell } from '@snapshire/ui';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../app/product.ts';

const LAST_UPDATED = '22 November 2026';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h2" size="lg" mb="2">
        {title}
      </Heading>
      <Stack gap="2" color="fg.muted" lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

/** The terms every member accepts by creating an account and posting. */
export function TermsPage() {
  return (
    <PageShell title="Terms and conditions">
      <Stack gap="7" maxW="3xl">
        <Text color="fg.muted">
          Last updated {LAST_UPDATED}. {PRODUCT_NAME} is a place to share photographs with friends, family and local
          communities. By creating an account or posting a photo you agree to these terms. They are short; please read
          them.
        </Text>
        <Section title="1. Your account">
          <Text>
            You need a valid e-mail address to sign up, and you are responsible for what happens under your account.
            Keep your password to yourself and tell us if you think someone else has used it.
          </Text>
        </Section>
        <Section title="2. Your photos stay yours">
          <Text>
            You keep the copyright in everything you post. You give {PRODUCT_NAME} permission to store your photos and
            show them, resized as needed, to the people who can see the group you posted in, for as long as they stay on
            the site. We do not sell your photos or use them in advertising.
          </Text>
        </Section>
        <Section title="3. What you may post">
          <List.Root gap="1" ps="5">
            <List.Item>Only photographs you took yourself or have the right to share.</List.Item>
            <List.Item>
              JPEG images of at most {LIMITS.UPLOAD_MAX_LABEL}; a description of at most {LIMITS.DESCRIPTION_MAX_LENGTH}{' '}
              characters.
            </List.Item>
            <List.Item>
              Respect the people in your photos: ask before posting someone who can be recognised, and never post photos
              of children without their parent&apos;s or guardian&apos;s consent.
            </List.Item>
            <List.Item>
              Nothing illegal, hateful, sexually explicit, violent or harassing, and no spam or advertising.
            </List.Item>
          </List.Root>
          <Text>
            We remove location data (such as GPS tags) from photos when they are uploaded, but check that a photo does
            not reveal more than you mean it to, such as a house number or a car&apos;s plate.
          </Text>
        </Section>
        <Section title="4. Public and private groups">
          <Text>
            Anyone can see a public group and its photos, without signing in. A private group and its photos are visible
            only to its members; members must not copy them outside the group without the photographer&apos;s
            permission.
          </Text>
        </Section>
        <Section title="5. Removing content and accounts">
          <Text>
            We may remove a photo, or suspend an account, that breaks these terms or the law. If you see something that
            should not be here, get in touch and we will look at it promptly.
          </Text>
        </Section>
        <Section title="6. An experimental service">
          <Text>
            {PRODUCT_NAME} is an experiment, offered as it is, without any guarantee that it will always be available or
            keep every photo forever: keep your own copies. We may change these terms; if we do, we will update the date
            above, and continuing to use the site means you accept the new terms.
          </Text>
        </Section>
      </Stack>
    </PageShell>
  );
}

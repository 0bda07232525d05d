import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { profileRuleMessage } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import {
  KeepDisplayNameDocument,
  MyProfileDocument,
  SetDisplayNameDocument,
  type MyProfileQuery,
} from './operations.generated.ts';

export type MyProfile = NonNullable<MyProfileQuery['profileCollection']>['edges'][number]['node'];

export interface MyProfileState {
  /** Undefined while reading (or signed out). */
  profile: MyProfile | undefined;
  loading: boolean;
  /** The profile could not be read (the network, the server): the screen says so or goes on without it. */
  failed: boolean;
  refetch: () => void;
}

/** The signed-in person's own profile (name and whether they chose it); nothing when signed out. */
export function useMyProfile(): MyProfileState {
  const { session } = useSession();
  const userId = session?.user.id;
  const {
    data: current,
    previousData,
    loading,
    error,
    refetch,
  } = useQuery(MyProfileDocument, {
    variables: { id: userId ?? '' },
    skip: !userId,
    // Whether the prompt is due must be today's answer, not one cached before another tab saved a name.
    fetchPolicy: 'cache-and-network',
  });
  // Every auth event (a password change too) resets the shared cache and refetches: meanwhile the last answer
  // stands, so the page is not swapped for a spinner (losing what the forms show) and back.
  const data = current ?? previousData;
  // Signing in resets the shared cache (packages/data), which cancels a query in flight with an error (its
  // words are minified in production builds) and asks again by itself. So an error counts as a failure only
  // once a second try has failed too; until then it is still loading. A failure given too early would skip
  // the name prompt.
  const asked = useRef(false);
  const [secondTryDone, setSecondTryDone] = useState(false);
  useEffect(() => {
    if (!error || data || asked.current) return;
    asked.current = true;
    refetch()
      .catch(() => {
        /* the failure shows through `error` */
      })
      .finally(() => setSecondTryDone(true));
  }, [error, data, refetch]);
  const failed = Boolean(error) && !data && secondTryDone && !loading;
  return {
    profile: data?.profileCollection?.edges[0]?.node,
    loading: Boolean(userId) && !data && !failed,
    failed,
    refetch: () => void refetch(),
  };
}

export type NameOutcome = { ok: true; profile: MyProfile } | { ok: false; message: string };

/** Saving a chosen name, or keeping the generated one (skip): the rules' refusals in the product's words. */
export function useDisplayNameActions() {
  const [setName, setState] = useMutation(SetDisplayNameDocument);
  const [keepName, keepState] = useMutation(KeepDisplayNameDocument);
  const run = async (call: () => Promise<MyProfile | null | undefined>): Promise<NameOutcome> => {
    try {
      const profile = await call();
      return profile ? { ok: true, profile } : { ok: false, message: profileRuleMessage(null) };
    } catch (error) {
      return { ok: false, message: profileRuleMessage((error as Error).message) };
    }
  };
  return {
    save: (displayName: string) =>
      run(async () => (await setName({ variables: { displayName } })).data?.set_display_name),
    keep: () => run(async () => (await keepName()).data?.keep_display_name),
    saving: setState.loading,
    keeping: keepState.loading,
  };
}

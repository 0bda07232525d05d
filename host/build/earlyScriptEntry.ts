/**
 * The entry of the page's first script: host/build/earlyRemotePlugin.ts bundles it, with what it imports, into
 * one classic inline script and defines EARLY_SCRIPT_ARGUMENTS as the call's arguments.
 */
import { startRouteRemoteEarly } from '../src/features/remotes/earlyRemote.ts';

declare const EARLY_SCRIPT_ARGUMENTS: Parameters<typeof startRouteRemoteEarly>;

startRouteRemoteEarly(...EARLY_SCRIPT_ARGUMENTS);

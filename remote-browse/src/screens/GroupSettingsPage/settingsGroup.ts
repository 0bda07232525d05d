/**
 * The group as the settings page loads it (GroupSettings), which the page hands to each of its sections: its own
 * module, so the sections need not import the page that imports them.
 */
import type { GroupSettingsQuery } from './operations.generated.ts';

export type SettingsGroup = NonNullable<GroupSettingsQuery['groupCollection']>['edges'][number]['node'];

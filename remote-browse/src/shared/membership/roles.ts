import { GROUP_ROLES, GROUP_ROLE_LABELS, type GroupRole } from '@snapshire/contracts';

/** my_role / group_member.role arrive as text: the known roles, anything else as none. */
export function asGroupRole(value: string | null | undefined): GroupRole | null {
  return (GROUP_ROLES as readonly string[]).includes(value ?? '') ? (value as GroupRole) : null;
}

export function canManage(role: GroupRole | null): boolean {
  return role === 'owner' || role === 'admin';
}

export function roleLabel(role: GroupRole): string {
  return GROUP_ROLE_LABELS[role];
}

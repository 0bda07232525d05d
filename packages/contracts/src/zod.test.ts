import { describe, expect, it } from 'vitest';

describe("the contracts' zod settings", () => {
  it('are in force once a module that builds schemas is loaded, and not before (nothing else loads zod)', async () => {
    const config = () => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig;
    // Texts and limits alone: no settings (and no zod) needed.
    await import('./groups.ts');
    await import('./sign-photos-limits.ts');
    expect(config()?.jitless).toBeUndefined();
    const { deletePostRequestSchema } = await import('./groups-schemas.ts');
    expect(config()?.jitless).toBe(true);
    // English, as the classic API words it, where a schema sets no message of its own.
    const refused = deletePostRequestSchema.safeParse({ postId: 'x' });
    expect(refused.error?.issues[0]?.message).toBe('Invalid UUID');
  });
});

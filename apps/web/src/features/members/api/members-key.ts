/** Every cached member list, member, billing, category and family; invalidate after any change. */
export const membersKey = ['members'] as const;

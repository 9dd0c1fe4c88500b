/** Every cached support list; invalidated after a ticket is opened. */
export const supportKey = ['support'] as const;

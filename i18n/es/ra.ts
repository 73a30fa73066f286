export const ra = {} as const;

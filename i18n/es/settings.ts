export const settings = {} as const;

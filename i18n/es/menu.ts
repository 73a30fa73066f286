export const menu = {} as const;

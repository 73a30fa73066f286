export const engine = {} as const;

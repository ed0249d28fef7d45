// fixture script
export const fixture = 1;

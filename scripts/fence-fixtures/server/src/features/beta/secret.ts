export const betaSecret = 2;

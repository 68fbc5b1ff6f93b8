export const alphaValue = 1;

// The router lazy-loads the page directly; nothing else uses this feature.
export {};

// Nothing here is used outside the feature: the router lazy-loads its page directly.
export {};

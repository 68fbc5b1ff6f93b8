// Nothing here is used outside the feature: the router lazy-loads its pages directly (one chunk per page).
export {};

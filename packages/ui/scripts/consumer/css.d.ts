// What a host's bundler types give it (vite/client declares the same): a stylesheet import has no exports.
declare module '*.css';

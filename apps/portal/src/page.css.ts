import { globalStyle } from '@vanilla-extract/css';

// The portal owns the page: no default body margin around the themed root.
globalStyle('html, body', { margin: 0, padding: 0 });

// The bundle bench's baseline: the least a React 19 page ships (see bench/bundle.ts).
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  createElement(StrictMode, null, createElement('h1', null, 'Bord 1')),
);

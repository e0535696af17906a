import './styles/index.css';

/**
 * The app's start (boot.tsx) is a chunk of its own beside the entry's styles: index.html
 * preloads it with the page (web/plugins/preload-first-screen.ts).
 */
void import('./boot.tsx');

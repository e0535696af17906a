import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setNavigator } from '../lib/navigation.ts';
import { AppProvider } from './provider.tsx';
import { routes } from './router.tsx';

export const router = createBrowserRouter(routes);

// the API client navigates (network error, login) through the router
setNavigator((path, options) => void router.navigate(path, options));

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import { ScreenRouter } from './screen-router.tsx';

export function App() {
  return (
    <AppProvider>
      <ScreenRouter>
        <AppRoutes />
      </ScreenRouter>
    </AppProvider>
  );
}

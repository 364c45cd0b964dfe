import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from '../lib/config-context';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ConfigProvider>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';

export const Route = createFileRoute('/_app/upload')({
  component: lazyRouteComponent(() => import('@/features/upload/upload-page'), 'UploadPage'),
  errorComponent: (props) => <RouteError {...props} area="Upload" />,
});

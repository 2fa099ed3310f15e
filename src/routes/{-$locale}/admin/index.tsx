// `/admin`: opens its first section, the manager applications.
import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/{-$locale}/admin/")({
  beforeLoad: ({ params }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router control flow
    throw redirect({
      to: "/{-$locale}/admin/applications",
      params: { locale: params.locale },
      replace: true,
    });
  },
});

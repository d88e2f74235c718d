// Landing page (placeholder until the browser app lands).
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: () => <h1>Monthbook</h1>,
});

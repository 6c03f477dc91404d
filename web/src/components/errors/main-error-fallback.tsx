import { Button } from '@/components/ui/button';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function MainErrorFallback() {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">Please reload the page. If the problem persists, try again in a few minutes.</p>
      <Button onClick={() => window.location.reload()}>Reload page</Button>
    </div>
  );
}
